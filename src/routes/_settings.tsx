import { createFileRoute } from '@tanstack/react-router';
import { settingsLayout } from './-layouts';

export const Route = createFileRoute('/_settings')(settingsLayout);
