// JSON bodies: an empty body is "no body" (POST post/{id}/pray needs none), malformed JSON is a
// 400 in the API's error shape, never a 500. Fastify's bodyLimit still applies (413).
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Malformed JSON in request body'), undefined);
    }
  });
}
