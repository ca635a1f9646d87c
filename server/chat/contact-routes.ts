import { ContactList, ContactSearchBody } from '../../src/contract/api/chat';
import { ok } from '../http/envelope';
import { routeSchema, type App } from '../http/route';
import type { ChatContext } from './context';
import { searchContacts } from './contact-store';

const CONTACT_LIMIT = 20;

export async function contactRoutes(app: App, { db, hub }: ChatContext) {
  app.post(
    '/chat/contact/search',
    {
      config: { access: 'authenticated' },
      schema: {
        ...routeSchema({ summary: 'People and robots the caller can start a conversation with', tags: ['chat'], body: ContactSearchBody, data: ContactList, auth: true }),
        description: `Active users whose name or user name contains the keyword, ignoring case; robots first; at most ${CONTACT_LIMIT}. An empty keyword lists the first ones.`,
      },
    },
    async (request) => {
      const keyword = request.body.keyword.trim().toLowerCase();
      const rows = await searchContacts(db, request.caller!.userId, keyword, CONTACT_LIMIT);
      const online = await hub.online(rows.filter((r) => r.is_robot !== 1).map((r) => r.id));
      return ok({
        rows: rows.map((r) => ({
          id: r.id,
          name: r.name,
          avatar: r.logo,
          team_name: r.team_name,
          is_online: r.is_robot === 1 || online.has(r.id) ? 1 : 0,
          is_robot: r.is_robot ? 1 : 0,
        })),
      });
    },
  );
}
