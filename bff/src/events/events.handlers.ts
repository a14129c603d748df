// GET P/events (behaviour.md §12, decision 213): the project's event stream; GET P/events/recent
// its latest events (decision 293). Any member may read them (the route's access is `read`); http/pipeline.ts has checked the caller and the membership.
import {
  LAST_EVENT_ID_MESSAGE,
  LAST_EVENT_ID_PATTERN,
  RECENT_EVENTS_DEFAULT,
} from '#shared/api/event-stream';
import type { AppContext } from '../context.ts';
import { invalidRequest } from '../errors.ts';
import type { Handlers } from '../http/handlers.ts';
import { apiModule } from '../resources/kind.ts';
import { eventView, latestEvents } from './events.store.ts';
import { openStream } from './stream.ts';

export const events = apiModule({ handlers: eventHandlers });

function eventHandlers(
  ctx: AppContext,
): Handlers<'streamProjectEvents' | 'listRecentProjectEvents'> {
  return {
    async listRecentProjectEvents({ project, query }) {
      const rows = await latestEvents(ctx.db, project.id, query.limit ?? RECENT_EVENTS_DEFAULT);
      return { items: rows.map(eventView) };
    },
    async streamProjectEvents({ req, res, auth, project, query }) {
      // The header (sent by a browser's EventSource when it reconnects) wins over the query.
      const header = req.headers['last-event-id'];
      const given = typeof header === 'string' && header !== '' ? header : query.last_event_id;
      if (given !== undefined && !LAST_EVENT_ID_PATTERN.test(given))
        throw invalidRequest({ 'Last-Event-ID': LAST_EVENT_ID_MESSAGE });
      await openStream(ctx, {
        req,
        res,
        auth,
        projectId: project.id,
        after: given === undefined ? undefined : Number(given),
      });
      return '';
    },
  };
}
