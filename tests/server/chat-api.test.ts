import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, startTestServer, type TestServer } from '../support/server-harness';
import { chatUser, PNG_BYTES, uploadFile, type ChatUser } from '../support/chat-api';
import type { ChatContact, ChatSession, GroupMembers } from '../../src/contract/api/chat';

describe.each(DIALECTS)('chat HTTP API on %s', (dialect) => {
  let server: TestServer;
  const users = new Map<string, ChatUser>();
  beforeAll(async () => {
    server = await startTestServer(dialect);
    for (const name of ['seller', 'staff', 'zhaolei', 'sunli', 'zhoujie', 'wufang', 'qianwei']) users.set(name, await chatUser(server, name));
  });
  afterAll(() => server.close());

  const u = (name: string) => users.get(name)!;
  const post = <T>(route: string, who: string, body?: unknown, headers?: Record<string, string>) =>
    call<T>(server, route, { token: u(who).token, body: body ?? {}, headers });
  const db = () => server.database.db;
  const assistantId = async () => (await db().selectFrom('users').select('id').where('username', '=', 'assistant').executeTakeFirstOrThrow()).id;
  const demoGroupId = async () => (await db().selectFrom('chat_groups').select('id').where('name', '=', '报价协作群').executeTakeFirstOrThrow()).id;

  it('lists the seeded sessions newest first, with every field of a session', async () => {
    const rows = await u('seller').sessions();
    expect(rows.map((r) => r.name)).toEqual(['报价协作群', '李报价']);
    const withStaff = rows.find((r) => r.talk_type === 1)!;
    expect(withStaff).toEqual({
      id: expect.any(Number),
      talk_type: 1,
      receiver_id: u('staff').id,
      name: '李报价',
      remark: '',
      avatar: '/avatar.svg',
      is_disturb: 0,
      is_top: 0,
      is_online: 0,
      is_robot: 0,
      is_talk: 1,
      un_read_num: 1,
      content: '报价已经提交到询价单里了，含税价 158 元/副，请查收。',
      draft_text: '',
      msg_text: '报价已经提交到询价单里了，含税价 158 元/副，请查收。',
      last_sequence: 4,
      index_name: `1_${u('staff').id}`,
      updated_at: expect.any(Number),
    } satisfies ChatSession);
    const group = rows.find((r) => r.talk_type === 2)!;
    expect(group).toMatchObject({ index_name: `2_${group.receiver_id}`, un_read_num: 2, last_sequence: 3, is_online: 0 });
    expect(rows[0].updated_at).toBeGreaterThanOrEqual(rows[1].updated_at);
  });

  it("answers 403 to a send_id that is not the token's user, in Chinese or English", async () => {
    const staff = u('staff').id;
    for (const [route, body] of [
      ['/chat/talk/session/list', { send_id: staff }],
      ['/chat/talk/session/save', { send_id: staff, receiver_id: u('zhaolei').id }],
      ['/chat/talk/session/delete', { send_id: staff, talk_type: 1, receiver_id: u('seller').id }],
    ] as const) {
      const res = await post(route, 'seller', body);
      expect(res.status, route).toBe(403);
      expect(res.body).toEqual({ code: 403, msg: '发送者与当前登录用户不一致', data: null });
    }
    const en = await post('/chat/talk/session/list', 'seller', { send_id: staff }, { 'accept-language': 'en' });
    expect(en.body.msg).toBe('The sender is not the signed-in user');
    // Nothing was changed on the staff's side.
    expect((await u('staff').sessions()).map((r) => r.name)).toContain('王小美');
  });

  it('keeps everyone out of conversations that are not theirs', async () => {
    const group = await demoGroupId();
    const outsider = 'sunli';
    const inGroup = { talk_type: 2, receiver_id: group };
    for (const [route, body] of [
      ['/chat/talk/records', inGroup],
      ['/chat/talk/message/publish', { ...inGroup, msg_type: 1, content: 'let me in', client_msg_id: randomUUID() }],
      ['/chat/talk/unread/clear', inGroup],
      ['/chat/talk/review', { ...inGroup, ids: [1] }],
      ['/chat/talk/session/save', { send_id: u(outsider).id, ...inGroup }],
      ['/chat/group/members', { group_id: group }],
      ['/chat/group/invite', { group_id: group, member_ids: [u(outsider).id] }],
      ['/chat/group/leave', { group_id: group }],
    ] as const) {
      const res = await post(route, outsider, body);
      expect(res.status, route).toBe(403);
      expect(res.body.msg, route).toBe('你不是该群成员');
    }
    expect((await db().selectFrom('chat_group_members').select('user_id').where('group_id', '=', group).execute()).map((m) => m.user_id)).not.toContain(u(outsider).id);

    const unknownUser = await post('/chat/talk/message/publish', 'seller', { talk_type: 1, receiver_id: 999_999, msg_type: 1, content: 'x', client_msg_id: randomUUID() });
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.body.msg).toBe('聊天对象不存在');
    expect((await post('/chat/talk/records', 'seller', { talk_type: 2, receiver_id: 999_999 })).status).toBe(404);
    const self = await post('/chat/talk/session/save', 'seller', { send_id: u('seller').id, receiver_id: u('seller').id });
    expect(self.status).toBe(400);
  });

  it('creates a session, pins, mutes, keeps a draft and a remark, hides it on delete and shows it again on the next message', async () => {
    const seller = u('seller');
    const wufang = u('wufang');
    const save = (body: object) => post<ChatSession>('/chat/talk/session/save', 'seller', { send_id: seller.id, receiver_id: wufang.id, ...body });
    const created = await save({});
    expect(created.body.data).toMatchObject({ name: '吴芳', talk_type: 1, un_read_num: 0, last_sequence: 0, msg_text: '', content: '' });
    // Saving again returns the same session.
    expect((await save({})).body.data.id).toBe(created.body.data.id);
    const changed = await save({ is_top: 1, is_disturb: 1, draft_text: '明天再说', remark: ' 云仓吴芳 ' });
    expect(changed.body.data).toMatchObject({ is_top: 1, is_disturb: 1, draft_text: '明天再说', remark: '云仓吴芳' });
    expect((await seller.sessions()).find((r) => r.receiver_id === wufang.id)).toMatchObject({ is_top: 1, draft_text: '明天再说' });
    // The other side has no session until a message arrives.
    expect((await wufang.sessions()).some((r) => r.receiver_id === seller.id)).toBe(false);

    const deleted = await post('/chat/talk/session/delete', 'seller', { send_id: seller.id, talk_type: 1, receiver_id: wufang.id });
    expect(deleted.body).toEqual({ code: 200, msg: 'success', data: null });
    expect((await seller.sessions()).some((r) => r.receiver_id === wufang.id)).toBe(false);

    await wufang.publish({ receiver_id: seller.id, content: '在吗？' });
    const back = (await seller.sessions()).find((r) => r.receiver_id === wufang.id)!;
    // Shown again with its settings and the new message; it is now the newest session.
    expect(back).toMatchObject({ is_top: 1, draft_text: '明天再说', un_read_num: 1, msg_text: '在吗？', last_sequence: 1 });
    expect((await seller.sessions())[0].receiver_id).toBe(wufang.id);
    expect((await wufang.sessions()).find((r) => r.receiver_id === seller.id)).toMatchObject({ name: '王小美', un_read_num: 0 });
  });

  it('publishes text and code and answers the stored record; refuses empty words', async () => {
    const seller = u('seller');
    const text = await seller.publish({ receiver_id: u('zhoujie').id, content: '你好 周杰', client_msg_id: 'text-0001' });
    expect(text).toEqual({
      id: expect.any(Number),
      sequence: 1,
      talk_type: 1,
      send_id: seller.id,
      receiver_id: u('zhoujie').id,
      msg_type: 1,
      content: '你好 周杰',
      extra: {},
      client_msg_id: 'text-0001',
      nickname: '王小美',
      avatar: '/avatar.svg',
      is_read: 0,
      created_at: expect.any(Number),
    });
    const code = await seller.publish({ receiver_id: u('zhoujie').id, msg_type: 4, content: 'SELECT 1;', extra: { lang: 'sql' } });
    expect(code).toMatchObject({ sequence: 2, msg_type: 4, extra: { lang: 'sql' } });
    expect((await seller.sessions()).find((r) => r.receiver_id === u('zhoujie').id)!.msg_text).toBe('[代码]');

    const empty = await post('/chat/talk/message/publish', 'seller', { talk_type: 1, receiver_id: u('zhoujie').id, msg_type: 1, content: '   ', client_msg_id: randomUUID() });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('消息内容不能为空');
    const shortId = await post('/chat/talk/message/publish', 'seller', { talk_type: 1, receiver_id: u('zhoujie').id, msg_type: 1, content: 'x', client_msg_id: 'short' });
    expect(shortId.status).toBe(400);
    expect(shortId.body.msg).toContain('client_msg_id');
  });

  it('sends pictures and files only through an upload of this server, with size and type checks', async () => {
    const seller = u('seller');
    const receiver_id = u('zhoujie').id;
    const picture = await uploadFile(server, seller.token, 'photo.png', PNG_BYTES);
    expect(picture.body).toEqual({ code: 200, msg: 'success', data: { url: expect.stringMatching(/^\/uploads\/chat\/[0-9a-f]{32}\.png$/), name: 'photo.png', size: PNG_BYTES.length, kind: 'image' } });
    const served = await fetch(server.url + picture.body.data.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(PNG_BYTES));

    const image = await seller.publish({ receiver_id, msg_type: 2, content: '', extra: { url: picture.body.data.url, name: 'forged.exe', size: 1, width: 40, height: 30 } });
    // Name and size come from the upload, not from the message.
    expect(image.extra).toEqual({ url: picture.body.data.url, name: 'photo.png', size: PNG_BYTES.length, width: 40, height: 30 });
    expect((await seller.sessions()).find((r) => r.receiver_id === receiver_id)).toMatchObject({ msg_text: '[图片]', content: '' });

    const pdf = await uploadFile(server, seller.token, '报价单.pdf', new TextEncoder().encode('%PDF-1.4 demo'));
    expect(pdf.body.data).toMatchObject({ name: '报价单.pdf', kind: 'file' });
    await seller.publish({ receiver_id, msg_type: 3, content: '', extra: { url: pdf.body.data.url } });
    expect((await seller.sessions()).find((r) => r.receiver_id === receiver_id)).toMatchObject({ msg_text: '[文件] 报价单.pdf', content: '报价单.pdf' });

    // A file is not a picture; an address that is not an upload is nothing.
    for (const extra of [{ url: pdf.body.data.url }, { url: 'https://example.com/x.png' }, {}]) {
      const res = await post('/chat/talk/message/publish', 'seller', { talk_type: 1, receiver_id, msg_type: 2, content: '', client_msg_id: randomUUID(), extra });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('请先上传图片或文件，再发送消息');
    }
    const page = await uploadFile(server, seller.token, 'evil.html', new TextEncoder().encode('<script>alert(1)</script>'));
    expect(page.status).toBe(400);
    expect(page.body.msg).toContain('不支持该文件类型');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    const tooBig = await uploadFile(server, seller.token, 'big.png', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.msg).toBe('文件不能超过 5 MB');
    const noFile = await call(server, '/chat/upload', { token: seller.token, body: {} });
    expect(noFile.status).toBe(400);
    expect((await call(server, '/chat/upload', { body: {} })).status).toBe(401);
  });

  it('stores a message once however often the same client_msg_id is published', async () => {
    const seller = u('seller');
    const client_msg_id = `retry-${randomUUID()}`;
    const body = { receiver_id: u('qianwei').id, content: '只存一次', client_msg_id };
    const answers = await Promise.all([seller.publish(body), seller.publish(body), seller.publish(body)]);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect((await seller.publish(body)).id).toBe(answers[0].id);
    const stored = await db().selectFrom('chat_messages').select('id').where('client_msg_id', '=', client_msg_id).execute();
    expect(stored).toHaveLength(1);
    const page = await seller.records({ talk_type: 1, receiver_id: u('qianwei').id });
    expect(page.rows.map((r) => r.sequence)).toEqual([1]);

    const elsewhere = await post('/chat/talk/message/publish', 'seller', { talk_type: 1, receiver_id: u('staff').id, msg_type: 1, content: 'x', client_msg_id });
    expect(elsewhere.status).toBe(409);
  });

  it('gives concurrent publishes in one conversation gapless, unique sequences', async () => {
    const group = (
      await post<ChatSession>('/chat/group/create', 'zhoujie', { name: '并发测试群', member_ids: [u('wufang').id, u('staff').id] })
    ).body.data.receiver_id;
    const authors = ['zhoujie', 'wufang', 'staff'];
    const perAuthor = 15;
    const sent = await Promise.all(
      authors.flatMap((name) => Array.from({ length: perAuthor }, (_, i) => u(name).publish({ talk_type: 2, receiver_id: group, content: `${name} ${i}` }))),
    );
    // Sequence 1 is the system line of the group's creation.
    expect(sent.map((r) => r.sequence).sort((a, b) => a - b)).toEqual(Array.from({ length: authors.length * perAuthor }, (_, i) => i + 2));
    const all = await u('wufang').records({ talk_type: 2, receiver_id: group, after_sequence: 0, limit: 100 });
    expect(all.rows.map((r) => r.sequence)).toEqual(Array.from({ length: authors.length * perAuthor + 1 }, (_, i) => i + 1));
  });

  it('pages older records by record_id and catches up after a sequence exactly once, in order', async () => {
    const sunli = u('sunli');
    const peer = { talk_type: 1 as const, receiver_id: u('zhaolei').id };
    const sent = [];
    for (let i = 1; i <= 25; i++) sent.push(await (i % 2 ? sunli : u('zhaolei')).publish({ receiver_id: i % 2 ? peer.receiver_id : sunli.id, content: `m${i}` }));

    const first = await sunli.records({ ...peer, record_id: 0, limit: 10 });
    expect(first.rows.map((r) => r.content)).toEqual(Array.from({ length: 10 }, (_, i) => `m${16 + i}`));
    expect(first).toMatchObject({ record_id: first.rows[0].id, limit: 10 });
    const second = await sunli.records({ ...peer, record_id: first.record_id, limit: 10 });
    expect(second.rows.map((r) => r.sequence)).toEqual(Array.from({ length: 10 }, (_, i) => 6 + i));
    const last = await sunli.records({ ...peer, record_id: second.record_id, limit: 10 });
    expect(last.rows.map((r) => r.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(last.record_id).toBe(0);
    // The default page is the newest 30.
    expect((await sunli.records(peer)).rows).toHaveLength(25);

    const after = await sunli.records({ ...peer, after_sequence: 20 });
    expect(after.rows.map((r) => r.content)).toEqual(['m21', 'm22', 'm23', 'm24', 'm25']);
    const chunked = [];
    for (let from = 0; ; ) {
      const page = await sunli.records({ ...peer, after_sequence: from, limit: 7 });
      chunked.push(...page.rows.map((r) => r.sequence));
      if (page.rows.length < 7) break;
      from = page.rows.at(-1)!.sequence;
    }
    expect(chunked).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect((await sunli.records({ ...peer, after_sequence: 25 })).rows).toEqual([]);

    // Records read as the other side: the author's name on each.
    expect(first.rows.find((r) => r.send_id === sunli.id)!.nickname).toBe('孙丽');
    expect((await post('/chat/talk/records', 'sunli', { ...peer, record_id: 987_654 })).status).toBe(404);
    expect((await post('/chat/talk/records', 'sunli', { ...peer, limit: 101 })).status).toBe(400);
    // Another pair's record is no cursor here.
    const foreign = (await u('seller').records({ talk_type: 1, receiver_id: u('staff').id })).rows[0].id;
    expect((await post('/chat/talk/records', 'sunli', { ...peer, record_id: foreign })).status).toBe(404);
    // A pair that never wrote has an empty history.
    expect(await u('qianwei').records({ talk_type: 1, receiver_id: u('wufang').id })).toEqual({ rows: [], record_id: 0, limit: 30 });
  });

  it('counts unread records and clears them by review or all at once; the author sees them read', async () => {
    const author = u('qianwei');
    const reader = u('zhoujie');
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(await author.publish({ receiver_id: reader.id, content: `未读 ${i}` }));
    const unread = async () => (await reader.sessions()).find((r) => r.receiver_id === author.id)!.un_read_num;
    expect(await unread()).toBe(3);

    const reviewed = await post('/chat/talk/review', 'zhoujie', { talk_type: 1, receiver_id: author.id, ids: [sent[1].id] });
    expect(reviewed.body).toEqual({ code: 200, msg: 'success', data: null });
    expect(await unread()).toBe(1);
    const seen = await author.records({ talk_type: 1, receiver_id: reader.id });
    expect(seen.rows.map((r) => r.is_read)).toEqual([1, 1, 0]);

    // The reader's own records do not move the mark; neither do ids of other conversations.
    const own = await reader.publish({ receiver_id: author.id, content: '我的' });
    await post('/chat/talk/review', 'zhoujie', { talk_type: 1, receiver_id: author.id, ids: [own.id] });
    expect(await unread()).toBe(1);

    expect((await post('/chat/talk/unread/clear', 'zhoujie', { talk_type: 1, receiver_id: author.id })).body.code).toBe(200);
    expect(await unread()).toBe(0);
    expect((await author.records({ talk_type: 1, receiver_id: reader.id })).rows.map((r) => r.is_read)).toEqual([1, 1, 1, 0]);
    // Clearing twice is harmless; so is clearing a conversation nobody wrote in.
    expect((await post('/chat/talk/unread/clear', 'zhoujie', { talk_type: 1, receiver_id: author.id })).body.code).toBe(200);
    expect((await post('/chat/talk/unread/clear', 'zhoujie', { talk_type: 1, receiver_id: u('sunli').id })).body.code).toBe(200);
    expect((await post('/chat/talk/review', 'zhoujie', { talk_type: 1, receiver_id: author.id, ids: [] })).status).toBe(400);
  });

  it('creates groups, lists, invites and lets members leave, with system lines and the owner handed on', async () => {
    const seller = u('seller');
    const created = await post<ChatSession>('/chat/group/create', 'seller', { name: ' 华南询价 ', member_ids: [u('zhaolei').id, u('zhaolei').id] });
    expect(created.body.data).toMatchObject({ talk_type: 2, name: '华南询价', un_read_num: 0, msg_text: '王小美 创建了群聊「华南询价」', last_sequence: 1 });
    const group_id = created.body.data.receiver_id;
    const members = await post<GroupMembers>('/chat/group/members', 'zhaolei', { group_id });
    expect(members.body.data).toEqual({
      group_id,
      name: '华南询价',
      rows: [
        { user_id: seller.id, name: '王小美', avatar: '/avatar.svg', is_owner: 1, is_online: 0 },
        { user_id: u('zhaolei').id, name: '赵磊', avatar: '/avatar.svg', is_owner: 0, is_online: 0 },
      ],
    });

    await seller.publish({ talk_type: 2, receiver_id: group_id, content: '开会' });
    const invited = await post<GroupMembers>('/chat/group/invite', 'zhaolei', { group_id, member_ids: [u('staff').id, seller.id] });
    expect(invited.body.data.rows.map((r) => r.name)).toEqual(['王小美', '赵磊', '李报价']);
    // A newcomer reads the history but starts with nothing unread.
    const staffSession = (await u('staff').sessions()).find((r) => r.receiver_id === group_id)!;
    expect(staffSession).toMatchObject({ un_read_num: 0, msg_text: '赵磊 邀请 李报价 加入了群聊' });
    expect((await u('staff').records({ talk_type: 2, receiver_id: group_id })).rows.map((r) => [r.send_id, r.msg_type])).toEqual([
      [0, 1000],
      [seller.id, 1],
      [0, 1000],
    ]);

    expect((await post('/chat/group/leave', 'seller', { group_id })).body).toEqual({ code: 200, msg: 'success', data: null });
    const after = await post<GroupMembers>('/chat/group/members', 'staff', { group_id });
    expect(after.body.data.rows).toEqual([
      expect.objectContaining({ name: '赵磊', is_owner: 1 }),
      expect.objectContaining({ name: '李报价', is_owner: 0 }),
    ]);
    expect((await seller.sessions()).some((r) => r.receiver_id === group_id && r.talk_type === 2)).toBe(false);
    expect((await post('/chat/talk/records', 'seller', { talk_type: 2, receiver_id: group_id })).status).toBe(403);
    expect((await u('staff').sessions()).find((r) => r.receiver_id === group_id)!.msg_text).toBe('王小美 退出了群聊');

    const robot = await post('/chat/group/create', 'seller', { name: 'x', member_ids: [await assistantId()] });
    expect(robot.status).toBe(400);
    expect(robot.body.msg).toBe('机器人不能加入群聊');
    const missing = await post('/chat/group/create', 'seller', { name: 'x', member_ids: [888_888] });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('用户不存在：888888');
    expect((await post('/chat/group/create', 'seller', { name: '   ', member_ids: [u('staff').id] })).status).toBe(400);
    expect((await post('/chat/group/members', 'seller', { group_id: 777_777 })).status).toBe(404);
  });

  it('lets the assistant robot answer by its rules, or with its fallback, once per message', async () => {
    const zhaolei = u('zhaolei');
    const session = await post<ChatSession>('/chat/talk/session/assistant', 'zhaolei');
    expect(session.body.data).toMatchObject({ name: '智能助手', is_robot: 1, is_talk: 1, is_online: 1, un_read_num: 0 });
    const robot = session.body.data.receiver_id;
    expect(robot).toBe(await assistantId());

    const asked = await zhaolei.publish({ receiver_id: robot, content: '怎么对账？', client_msg_id: 'ask-reconcile' });
    await zhaolei.publish({ receiver_id: robot, content: '帮助' });
    await zhaolei.publish({ receiver_id: robot, content: '帮助一下' });
    // The same message again: no second answer.
    await zhaolei.publish({ receiver_id: robot, content: '怎么对账？', client_msg_id: 'ask-reconcile' });
    const { rows } = await zhaolei.records({ talk_type: 1, receiver_id: robot });
    expect(rows.map((r) => [r.send_id === robot ? 'robot' : 'me', r.content.slice(0, 6)])).toEqual([
      ['me', '怎么对账？'],
      ['robot', '对账：导入抖'],
      ['me', '帮助'],
      ['robot', '可以问我：报'],
      ['me', '帮助一下'],
      ['robot', '我是智能助手'],
    ]);
    // The robot reads at once.
    expect(rows.filter((r) => r.send_id === zhaolei.id).every((r) => r.is_read === 1)).toBe(true);
    expect(rows[1]).toMatchObject({ nickname: '智能助手', client_msg_id: `reply-${asked.id}` });
    expect((await zhaolei.sessions()).find((r) => r.receiver_id === robot)).toMatchObject({ un_read_num: 3, is_online: 1 });

    // Rules are data: a new one answers at once.
    await db().insertInto('chat_robot_rules').values({ robot_id: robot, keyword: 'SKU', match_mode: 'contains', reply: 'SKU 规则', enabled: 1, sort: -1, created_at: 0, updated_at: 0 }).execute();
    await zhaolei.publish({ receiver_id: robot, content: '查一下 sku 库存' });
    expect((await zhaolei.records({ talk_type: 1, receiver_id: robot, after_sequence: 6 })).rows.map((r) => r.content)).toEqual(['查一下 sku 库存', 'SKU 规则']);
  });

  it('finds contacts by name or user name, robots first, never the caller', async () => {
    const search = async (keyword: string, who = 'seller') => (await post<{ rows: ChatContact[] }>('/chat/contact/search', who, { keyword })).body.data.rows;
    expect(await search('李')).toEqual([{ id: u('staff').id, name: '李报价', avatar: '/avatar.svg', team_name: '云仓报价组', is_online: 0, is_robot: 0 }]);
    expect((await search('ZHAO')).map((r) => r.name)).toEqual(['赵磊']);
    expect(await search('%')).toEqual([]);
    const everyone = await search('');
    expect(everyone[0]).toMatchObject({ name: '智能助手', is_robot: 1, is_online: 1 });
    expect(everyone.map((r) => r.id)).not.toContain(u('seller').id);
    expect((await post('/chat/contact/search', 'seller', { keyword: 'x'.repeat(51) })).status).toBe(400);
  });

  it('asks for a login on every chat route', async () => {
    for (const route of server.app.routeTable.filter((r) => r.url.startsWith('/chat/') && r.url !== '/chat/ws' && r.method === 'POST')) {
      const res = await call(server, route.url, { body: {} });
      expect(res.status, route.url).toBe(401);
      expect(route.access).toBe('authenticated');
    }
  });
});
