// The live stream's frames (issue #48, worker/live-frames.ts): SSE over a byte stream, whatever
// the chunks' bounds.
import { describe, expect, it } from 'vitest';
import { createFrameReader, liveEventOf, type SseFrame } from '../../worker/live-frames';

function read(chunks: (string | Uint8Array)[]): { frames: SseFrame[]; comments: string[] } {
  const frames: SseFrame[] = [];
  const comments: string[] = [];
  const reader = createFrameReader({ frame: (f) => frames.push(f), comment: (c) => comments.push(c) });
  const encoder = new TextEncoder();
  for (const chunk of chunks) reader.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
  reader.end();
  return { frames, comments };
}

/** The bytes of `text` cut at every position in turn: each split must read as the whole. */
function everySplit(text: string): Uint8Array[][] {
  const bytes = new TextEncoder().encode(text);
  const splits: Uint8Array[][] = [];
  for (let at = 1; at < bytes.length; at += 1) splits.push([bytes.slice(0, at), bytes.slice(at)]);
  return splits;
}

describe('live frames', () => {
  it('reads events, data and comments', () => {
    const { frames, comments } = read(['event: hello\ndata: {"heartbeat_ms":15000,"coalesce_ms":250}\n\n: ping\n\nevent: poke\ndata: {"pull":100}\n\n']);
    expect(frames).toEqual([
      { event: 'hello', data: '{"heartbeat_ms":15000,"coalesce_ms":250}' },
      { event: 'poke', data: '{"pull":100}' },
    ]);
    expect(comments).toEqual(['ping']);
  });

  it('joins multi-line data with a newline, takes CRLF, CR and LF alike, and one leading space only', () => {
    const { frames } = read(['event:poke\r\ndata: {"counts":\r\ndata:  [[1,2,3]]}\r\n\r\n', 'data: x\rdata: y\r\r']);
    expect(frames).toEqual([
      { event: 'poke', data: '{"counts":\n [[1,2,3]]}' },
      { event: 'message', data: 'x\ny' },
    ]);
  });

  it('reads the same whatever byte the chunks split at: inside a UTF-8 character, a line, a CRLF', () => {
    const text = 'event: poke\r\ndata: {"note":"oração ✝ 🙏"}\r\n\r\n: ping\r\n\r\nevent: bye\ndata: {"reason":"shutdown"}\n\n';
    const whole = read([text]);
    expect(whole.frames).toHaveLength(2);
    expect(whole.frames[0]?.data).toBe('{"note":"oração ✝ 🙏"}');
    for (const chunks of everySplit(text)) expect(read(chunks)).toEqual(whole);
    // One byte at a time.
    expect(read([...new TextEncoder().encode(text)].map((b) => Uint8Array.of(b)))).toEqual(whole);
  });

  it('a CR ending one chunk and the LF starting the next end one line, not two', () => {
    const { frames } = read(['data: a\r', '\ndata: b\r\n', '\r', '\n']);
    expect(frames).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('drops a frame the body ended in the middle of, and frames without data', () => {
    expect(read(['event: poke\n\n', 'event: poke\ndata: {"pull":1}']).frames).toEqual([]);
  });

  it('turns frames into the contract events, keeping only what is well formed', () => {
    expect(liveEventOf({ event: 'poke', data: '{"counts":[[1,2,3],[0,1,1],[4,"x",1]],"new_posts":[5,-1,6],"pull":300}' })).toEqual({
      event: 'poke', data: { counts: [[1, 2, 3]], new_posts: [5, 6], pull: 300 },
    });
    expect(liveEventOf({ event: 'bye', data: '{"reason":"revoked"}' })).toEqual({ event: 'bye', data: { reason: 'revoked' } });
    expect(liveEventOf({ event: 'bye', data: '{"reason":"bored"}' })).toBeNull();
    expect(liveEventOf({ event: 'hello', data: 'not json' })).toBeNull();
    expect(liveEventOf({ event: 'message', data: '{}' })).toBeNull();
  });
});
