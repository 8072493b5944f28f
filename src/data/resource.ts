// What the one data cache holds: resources, each with a name, a fetcher and the tags naming what of the site it
// shows. The site's resources are defined in siteResources.ts (the first bundle); the authors' area defines its own in
// its chunks (src/mutabo/areaResources.ts), and they join the registry when that chunk loads.

/**
 * What cached data shows, by the names a write invalidates it by. The public site's: 'courses' (a course, its lessons
 * and the lists), 'authors', …, 'account' for the signed-in person's own data ('profile' their account's details, 'enrollment'
 * their participation and subscriptions, 'payment' their payment, 'homework' their answers to assignments, 'telegram' their Telegram chat, 'notifications' where their messages go), 'reference' for what no one edits on the site. The area's own data adds its sections' names.
 */
export type SiteTag =
  | 'courses'
  | 'authors'
  | 'quotations'
  | 'feedback'
  | 'library'
  | 'timetable'
  | 'seller'
  | 'offer'
  | 'policy'
  | 'account'
  | 'profile'
  | 'enrollment'
  | 'payment'
  | 'homework'
  | 'telegram'
  | 'notifications'
  | 'reference';

export type AreaTag =
  | 'areaCourses'
  | 'areaDashboard'
  | 'areaDiscounts'
  | 'areaHistory'
  | 'areaHomework'
  | 'areaLibrary'
  | 'areaMailings'
  | 'areaParticipants'
  | 'areaPayments'
  | 'areaPeople';

export type Tag = SiteTag | AreaTag;

export interface ResourceDefinition<Arg, Data> {
  name: string;
  fetch: (arg: Arg) => Promise<Data>;
  tags: readonly Tag[];
  /**
   * Kept once no reader shows it (the public site's resources), or dropped then, so that the next reader fetches it
   * afresh (the area's: a form opened again shows what is saved now, not what it showed before).
   */
  keepUnused: boolean;
}

const registry = new Map<string, ResourceDefinition<never, unknown>>();

/** Defines a resource and registers it under its name, which the cache keys its entries by (a module loaded again replaces it). */
export function defineResource<Arg, Data>(
  name: string,
  fetch: (arg: Arg) => Promise<Data>,
  tags: readonly Tag[],
  options: { keepUnused?: boolean } = {},
): ResourceDefinition<Arg, Data> {
  if (tags.length === 0) throw new Error(`The resource ${name} names nothing it shows`);
  const definition: ResourceDefinition<Arg, Data> = { name, fetch, tags, keepUnused: options.keepUnused ?? true };
  registry.set(name, definition as ResourceDefinition<never, unknown>);
  return definition;
}

export function definitionOf(name: string): ResourceDefinition<unknown, unknown> | undefined {
  return registry.get(name) as ResourceDefinition<unknown, unknown> | undefined;
}

/** Every registered resource's name with its tags (for tests and the documentation of what shows what). */
export function registeredTags(): Record<string, readonly Tag[]> {
  return Object.fromEntries([...registry].map(([name, definition]) => [name, definition.tags]));
}

/** The cache key of one resource: `courses`, `course:5`, `feedbackPage:2`; an object argument by its JSON. */
export function resourceKey(name: string, arg?: unknown): string {
  if (arg === undefined) return name;
  return `${name}:${typeof arg === 'object' && arg !== null ? JSON.stringify(arg) : String(arg)}`;
}

export function resourceNameOf(key: string): string {
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(0, colon);
}
