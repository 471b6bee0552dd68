// The way back to '/lists' from its sub-screens.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon } from '../../../components/icons';

export function ListsBack() {
  const { t } = useTranslation();
  return (
    <Link to="/lists" className="list-head__back">
      <ArrowLeftIcon />
      <span>{t('lists.list.back')}</span>
    </Link>
  );
}
