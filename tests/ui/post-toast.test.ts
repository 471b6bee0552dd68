// Issue #49 (review m1): a post shared in a group says it was shared with that group, by name, in
// each language; a community post keeps its words.
import { describe, expect, it } from 'vitest';
import { postTexts } from '../../src/routes/-change-toast';
import { LOCALES, useTranslators } from '../helpers/translators';

const tOf = useTranslators();

describe("a new post's toast", () => {
  it.each(LOCALES)('%s: a group post names the group, never the community', (locale) => {
    const t = tOf(locale);
    const texts = postTexts(t, 'Tuesday Small Group');
    for (const text of [texts.waiting, texts.sending, texts.sent]) {
      expect(text).toContain('Tuesday Small Group');
      expect(text).not.toMatch(/community|comunidade|comunidad/i);
    }
    expect(postTexts(t, undefined).sent).toBe(t('syncFeedback.post.sent'));
  });

  it('English and Portuguese say it as the review asked', () => {
    expect(postTexts(tOf('en-US'), 'Tuesday Small Group').sent).toBe('Shared with Tuesday Small Group. Only its members see it.');
    expect(postTexts(tOf('pt-BR'), 'Grupo de terça').sent).toBe('Compartilhado com Grupo de terça. Só os membros veem.');
  });
});
