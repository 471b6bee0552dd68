// Issue #14 point 2: `import { Dialog } from 'radix-ui'` names the package's barrel, which imports
// every radix primitive. build/boot-chunk.ts puts the entry's whole static import graph in the
// boot chunk, so through the barrel every primitive landed there, the ones only lazy chunks use
// included (the dropdown menus, loaded on intent since src/components/deferred-menu.tsx; the
// post screen's tabs). This rewrites the barrel's named imports in src/ to their own packages
// (`import * as Dialog from '@radix-ui/react-dialog'`, what the barrel itself does), so the graph
// holds only the primitives a module really uses.
import type { Plugin } from 'vite';

const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]radix-ui['"];?/g;

/** 'DropdownMenu' -> '@radix-ui/react-dropdown-menu'. */
export function radixPackageOf(name: string): string {
  return `@radix-ui/react-${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}

/** The module text with every `import { A, B } from 'radix-ui'` turned into one namespace import per name. */
export function rewriteRadixImports(code: string): string {
  return code.replace(BARREL_IMPORT, (_all, names: string) =>
    names
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && !name.startsWith('type '))
      .map((name) => {
        const [imported = name, local = imported] = name.split(/\s+as\s+/).map((part) => part.trim());
        return `import * as ${local} from '${radixPackageOf(imported)}';`;
      })
      .join('\n'),
  );
}

export function radixImportsPlugin(): Plugin {
  return {
    name: 'prayer-radix-imports',
    // The build only: the dev server's dependency pre-bundling knows the barrel, and chunks do
    // not matter there.
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const [path = id] = id.split('?');
      if (!/[\\/]src[\\/].*\.tsx?$/.test(path) || !code.includes('radix-ui')) return null;
      return { code: rewriteRadixImports(code), map: null };
    },
  };
}
