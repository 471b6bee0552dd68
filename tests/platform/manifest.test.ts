// Issue #6 web app manifest at /manifest.webmanifest: name, icons 192, 512 and maskable (the
// files exist at those sizes), theme colours for light and dark (the same as index.html's
// theme-color metas), standalone, and shortcuts to the community and to a prayer session.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Icon = { src: string; sizes: string; purpose?: string };
type Manifest = {
  name: string;
  short_name: string;
  display: string;
  start_url: string;
  theme_color: string;
  background_color: string;
  icons: Icon[];
  shortcuts: { name: string; url: string }[];
  user_preferences: { color_scheme_dark: { theme_color: string; background_color: string } };
};

const manifest = JSON.parse(readFileSync('public/manifest.webmanifest', 'utf8')) as Manifest;
const indexHtml = readFileSync('index.html', 'utf8');

function pngSize(path: string): string {
  const bytes = readFileSync(`public${path}`);
  return `${String(bytes.readUInt32BE(16))}x${String(bytes.readUInt32BE(20))}`;
}

function themeMeta(scheme: 'light' | 'dark'): string | undefined {
  const match = new RegExp(`<meta name="theme-color" content="([^"]+)" media="\\(prefers-color-scheme: ${scheme}\\)"`).exec(indexHtml);
  return match?.[1];
}

describe('web app manifest', () => {
  it('names the app and opens standalone on the community', () => {
    expect(manifest.name).toBe('Prayer Community');
    expect(manifest.short_name).not.toBe('');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/community');
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it('has 192 and 512 icons and a maskable one, each file of the size it claims', () => {
    const sizes = manifest.icons.filter((icon) => icon.purpose !== 'maskable').map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) expect(pngSize(icon.src), icon.src).toBe(icon.sizes);
  });

  it('has theme colours for light and dark, matching the page', () => {
    expect(manifest.theme_color).toBe(themeMeta('light'));
    expect(manifest.user_preferences.color_scheme_dark.theme_color).toBe(themeMeta('dark'));
    expect(manifest.background_color).toBe(themeMeta('light'));
  });

  it('offers shortcuts to the community and to a prayer session', () => {
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/community', '/pray']);
  });
});
