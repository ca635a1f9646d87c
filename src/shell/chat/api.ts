import type {
  ChatContact, ChatRecord, ChatSession, ContactList, ConversationBody, GroupCreateBody, GroupInviteBody, GroupMembers,
  PublishBody, RecordsBody, RecordsPage, ReviewBody, SessionDeleteBody, SessionList, SessionSaveBody, SocketTicket,
} from '../../contract/api/chat';
import { request } from '../request/client';

/** The chat calls of spec §7 under /chat, typed by the shared contract; errors toast unless silent. */
export const chatApi = {
  sessions: (body: { send_id: number }) => request<SessionList>('/chat/talk/session/list', { body, silent: true }).then((d) => d.rows),
  saveSession: (body: SessionSaveBody) => request<ChatSession>('/chat/talk/session/save', { body }),
  /** Drafts are saved in the background: a failure is not worth a toast while the user types. */
  saveDraft: (body: SessionSaveBody) => request<ChatSession>('/chat/talk/session/save', { body, silent: true }),
  deleteSession: (body: SessionDeleteBody) => request<unknown>('/chat/talk/session/delete', { body }),
  records: (body: RecordsBody) => request<RecordsPage>('/chat/talk/records', { body, silent: true }),
  /** Silent: the outbox shows a failed send beside the message itself. */
  publish: (body: PublishBody) => request<ChatRecord>('/chat/talk/message/publish', { body, silent: true }),
  clearUnread: (body: ConversationBody) => request<unknown>('/chat/talk/unread/clear', { body, silent: true }),
  review: (body: ReviewBody) => request<unknown>('/chat/talk/review', { body, silent: true }),
  /** The caller's session with the built-in assistant robot, created on first use. */
  assistant: () => request<ChatSession>('/chat/talk/session/assistant', { silent: true }),
  contacts: (keyword: string) => request<ContactList>('/chat/contact/search', { body: { keyword } }).then((d): ChatContact[] => d.rows),
  /** Answers the caller's session with the new group. */
  createGroup: (body: GroupCreateBody) => request<ChatSession>('/chat/group/create', { body }),
  members: (group_id: number) => request<GroupMembers>('/chat/group/members', { body: { group_id } }),
  invite: (body: GroupInviteBody) => request<GroupMembers>('/chat/group/invite', { body }),
  leave: (group_id: number) => request<unknown>('/chat/group/leave', { body: { group_id } }),
  ticket: () => request<SocketTicket>('/chat/ticket', { silent: true }).then((d) => d.ticket),
};
