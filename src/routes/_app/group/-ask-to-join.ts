// "Ask to join" (docs/product.md §11 'Joining'), one home for the invite page of an expired or
// used-up link and the page of a group this member left or was removed from: the request goes
// through the command with its toast, a refusal shows the server's reason in the banner and the
// button comes back; 'asked' once the request is kept (each page then shows where it stands).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyCommand } from '../../../commands/lazy';
import { bannerMessage } from '../../../components/api-error';
import { useBanner } from '../../../components/banner-provider';
import { useChangeToast } from '../../-change-toast';
import { groupChangeTexts } from './-group-texts';

const askToJoinGroup = lazyCommand('askToJoinGroup');

export type AskState = 'idle' | 'busy' | 'asked';

export function useAskToJoin(groupId: number): { state: AskState; ask: () => void } {
  const { t } = useTranslation();
  const banner = useBanner();
  const announce = useChangeToast();
  const [state, setState] = useState<AskState>('idle');
  const ask = () => {
    setState('busy');
    announce(() => askToJoinGroup(groupId), groupChangeTexts(t, 'asked')).then(
      () => setState('asked'),
      (err: unknown) => {
        banner.show({ kind: 'error', text: bannerMessage(err, t, t('groups.screens.invite.askFailed')) });
        setState('idle');
      },
    );
  };
  return { state, ask };
}
