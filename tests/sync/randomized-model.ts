// The model of the randomized sync test: what the server must hold after the network heals,
// computed from the commands alone (no sync engine involved), and the random command picker.
export type Who = 'A' | 'B';

export type ItemModel = {
  text: string;
  /** The id the command returned (temporary for items made offline; commands follow it). */
  id: number;
  prays: number;
  archived: boolean;
  notes: Record<Who, number>;
  /** B may act on it: A never archives it, so B's view of it cannot go stale. */
  shared: boolean;
  /** B prayed for it or wrote a note on it (A learns of it from a pull). */
  byB?: boolean;
};

/** A request its author wrote here; prayed for and commented on by its author (temporary-id chains). */
export type RequestModel = { text: string; id: number; prays: number; comments: number };

/** A's group (issue #28), made in the case at its first group command: `id` as the command returned it (temporary offline). */
export type GroupModel = { id: number; requests: RequestModel[] };

export type Model = {
  tag: string;
  group: GroupModel | null;
  posts: number[];
  postPrays: Map<number, number>;
  bookmarked: Record<Who, Map<number, boolean>>;
  requests: Record<Who, RequestModel[]>;
  items: ItemModel[];
};

/** One pray of a run: a seed post, or a request of the device's own. */
export type PrayTarget = { post: number } | { request: RequestModel };

export type Command =
  | { kind: 'prayPost'; who: Who; post: number }
  | { kind: 'prayRun'; who: Who; targets: PrayTarget[] }
  | { kind: 'bookmarkPost'; who: Who; post: number }
  | { kind: 'createRequest'; who: Who; text: string }
  | { kind: 'prayRequest'; who: Who; request: RequestModel }
  | { kind: 'commentRequest'; who: Who; request: RequestModel }
  | { kind: 'prayItem'; who: Who; item: ItemModel }
  | { kind: 'createNote'; who: Who; item: ItemModel }
  | { kind: 'createItem'; who: 'A'; text: string }
  | { kind: 'archiveOrRestore'; who: 'A'; item: ItemModel }
  // Issue #28: A (a member from its first group command) makes a group, posts into it, prays, comments.
  | { kind: 'groupRequest'; who: 'A'; text: string }
  | { kind: 'prayGroupRequest'; who: 'A'; request: RequestModel }
  | { kind: 'commentGroupRequest'; who: 'A'; request: RequestModel };

const pick = <T>(random: () => number, values: readonly T[]): T => {
  const value = values[Math.floor(random() * values.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
};

/** A command valid for the model's current state (the app's guards would refuse anything else). */
export function nextCommand(model: Model, random: () => number, n: number): Command {
  const who: Who = random() < 0.5 ? 'A' : 'B';
  const usable = model.items.filter((item) => !item.archived && (who === 'A' || item.shared));
  // Prays are the most frequent action, and a run of them is applied as a set by the server and
  // re-applied at once by the rebase (issue #25): weighted so that runs of prays are common.
  const kinds = [
    'prayPost', 'prayPost', 'prayPost', 'bookmarkPost', 'createRequest', 'prayItem', 'prayItem', 'createNote', 'createItem', 'archiveOrRestore',
    'prayRequest', 'prayRequest', 'commentRequest', 'prayRun', 'groupRequest', 'groupAction',
  ] as const;
  const mine = model.requests[who];
  switch (pick(random, kinds)) {
    case 'prayPost':
      return { kind: 'prayPost', who, post: pick(random, model.posts) };
    case 'prayRun': {
      // 2 to 5 prays in a row with no drain between, each on the post before it or on another: a
      // push then carries a run over one post and over several (server/domain/pray-run.ts).
      const choices: PrayTarget[] = [...model.posts.map((post) => ({ post })), ...mine.map((request) => ({ request }))];
      const targets: PrayTarget[] = [pick(random, choices)];
      const length = 2 + Math.floor(random() * 4);
      while (targets.length < length) targets.push(random() < 0.5 ? (targets.at(-1) ?? pick(random, choices)) : pick(random, choices));
      return { kind: 'prayRun', who, targets };
    }
    case 'bookmarkPost':
      return { kind: 'bookmarkPost', who, post: pick(random, model.posts) };
    case 'createRequest':
      return { kind: 'createRequest', who, text: `${model.tag} request ${n}` };
    case 'prayRequest':
      return mine.length > 0 ? { kind: 'prayRequest', who, request: pick(random, mine) } : { kind: 'createRequest', who, text: `${model.tag} request ${n}` };
    case 'commentRequest':
      return mine.length > 0 ? { kind: 'commentRequest', who, request: pick(random, mine) } : { kind: 'createRequest', who, text: `${model.tag} request ${n}` };
    case 'prayItem':
      return { kind: 'prayItem', who, item: pick(random, usable) };
    case 'createNote':
      return { kind: 'createNote', who, item: pick(random, usable) };
    case 'createItem':
      return { kind: 'createItem', who: 'A', text: `${model.tag} item ${n}` };
    case 'groupRequest':
      return { kind: 'groupRequest', who: 'A', text: `group ${model.tag} request ${n}` };
    case 'groupAction': {
      const requests = model.group?.requests ?? [];
      if (requests.length === 0) return { kind: 'groupRequest', who: 'A', text: `group ${model.tag} request ${n}` };
      return { kind: random() < 0.6 ? 'prayGroupRequest' : 'commentGroupRequest', who: 'A', request: pick(random, requests) };
    }
    case 'archiveOrRestore': {
      const own = model.items.filter((item) => !item.shared);
      return own.length > 0 ? { kind: 'archiveOrRestore', who: 'A', item: pick(random, own) } : { kind: 'createItem', who: 'A', text: `${model.tag} item ${n}` };
    }
  }
}

/** The model's side of a command, once the app accepted it (`id`: a created item's or request's id). */
export function applyToModel(model: Model, command: Command, id = 0): void {
  switch (command.kind) {
    case 'prayPost':
      model.postPrays.set(command.post, (model.postPrays.get(command.post) ?? 0) + 1);
      return;
    case 'prayRun':
      for (const target of command.targets) {
        if ('post' in target) model.postPrays.set(target.post, (model.postPrays.get(target.post) ?? 0) + 1);
        else target.request.prays += 1;
      }
      return;
    case 'bookmarkPost':
      model.bookmarked[command.who].set(command.post, !(model.bookmarked[command.who].get(command.post) ?? false));
      return;
    case 'createRequest':
      model.requests[command.who].push({ text: command.text, id, prays: 0, comments: 0 });
      return;
    case 'prayRequest':
      command.request.prays += 1;
      return;
    case 'commentRequest':
      command.request.comments += 1;
      return;
    case 'prayItem':
      command.item.prays += 1;
      if (command.who === 'B') command.item.byB = true;
      return;
    case 'createNote':
      command.item.notes[command.who] += 1;
      if (command.who === 'B') command.item.byB = true;
      return;
    case 'createItem':
      model.items.push({ text: command.text, id, prays: 0, archived: false, notes: { A: 0, B: 0 }, shared: false });
      return;
    case 'archiveOrRestore':
      command.item.archived = !command.item.archived;
      return;
    case 'groupRequest':
      // The group itself was made by the command's run (randomized-groups.ts), which set model.group.
      model.group?.requests.push({ text: command.text, id, prays: 0, comments: 0 });
      return;
    case 'prayGroupRequest':
      command.request.prays += 1;
      return;
    case 'commentGroupRequest':
      command.request.comments += 1;
  }
}
