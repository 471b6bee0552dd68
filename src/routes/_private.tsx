import { createFileRoute } from '@tanstack/react-router';
import { privateLayout } from './-layouts';

export const Route = createFileRoute('/_private')(privateLayout);
