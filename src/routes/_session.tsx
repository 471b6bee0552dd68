import { createFileRoute } from '@tanstack/react-router';
import { sessionLayout } from './-layouts';

export const Route = createFileRoute('/_session')(sessionLayout);
