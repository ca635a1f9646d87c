/**
 * Table types for the query builder. Times are epoch milliseconds (bigint in PostgreSQL, parsed to
 * number); flags are 0/1 integers so both dialects store them alike.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ClientErrorKind } from '../../src/contract/api/client-errors';

type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;
/** A column the database fills with its default when an insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface TeamTable {
  id: Id;
  name: string;
  /** 1 asks prices; 2 quotes (cloud team); 3 operation team. */
  type: number;
  /** Lock version, raised by every edit through the resource API. */
  version: Version;
  created_at: number;
  updated_at: number;
}

export interface UserTable {
  id: Id;
  team_id: number;
  department_id: number | null;
  username: string;
  password_hash: string;
  name: string;
  logo: string;
  mobile: string | null;
  email: string | null;
  /** 1 active, 0 disabled. */
  status: Flag;
  is_robot: Flag;
  /** Lock version, raised by every edit through the resource API. */
  version: Version;
  created_at: number;
  updated_at: number;
}

export interface RoleTable {
  id: Id;
  code: string;
  name: string;
  role_type: string;
  remark: string;
  /** Lock version, raised by every edit through the resource API. */
  version: Version;
  created_at: number;
  updated_at: number;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface MenuTable {
  id: Id;
  parent_id: number | null;
  path: string;
  name: string;
  icon: string;
  hidden: Flag;
  vue_path: string;
  title_zh: string;
  title_en: string;
  permission: string;
  sort: number;
  /** Lock version, raised by every edit through the resource API. */
  version: Version;
  created_at: number;
  updated_at: number;
}

export interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}

export interface RolePermissionTable {
  role_id: number;
  permission: string;
}

export interface DepartmentTable {
  id: Id;
  team_id: number;
  parent_id: number | null;
  name: string;
  leader: string;
  phone: string;
  sort: number;
  status: Flag;
  /** Lock version, raised by every edit through the resource API. */
  version: Version;
  created_at: number;
  updated_at: number;
}

export interface DictionaryTable {
  id: Id;
  code: string;
  name: string;
  remark: string;
  /** Lock version, raised by every edit through the resource API. */
  version: Version;
  created_at: number;
  updated_at: number;
}

export interface DictionaryItemTable {
  id: Id;
  dictionary_id: number;
  value: string;
  label_zh: string;
  label_en: string;
  sort: number;
  status: Flag;
  /** Lock version, raised by every edit through the resource API. */
  version: Version;
  created_at: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<number, number | undefined, number>;
}

export interface AuthSessionTable {
  id: Id;
  user_id: number;
  /** SHA-256 of the current refresh token; tokens themselves are never stored. */
  refresh_hash: string;
  /** The refresh token this one replaced, accepted again only within the grace window. */
  previous_refresh_hash: string | null;
  rotated_at: number | null;
  /** Absolute end of this login, whatever the rotations. */
  expires_at: number;
  last_seen_at: number;
  locked: Flag;
  ip: string;
  user_agent: string;
  created_at: number;
  revoked_at: number | null;
}

/** Access tokens of a login; several may be alive at once while tabs pick up a refreshed one. */
export interface AuthTokenTable {
  /** SHA-256 of the access token. */
  token_hash: string;
  session_id: number;
  expires_at: number;
}

export interface SystemLogTable {
  id: Id;
  user_id: number | null;
  username: string;
  action: string;
  target: string;
  ip: string;
  /** ok or fail. */
  result: string;
  detail: string;
  created_at: number;
}

/** One counted attempt of a rate limit shared by every server process (public asks, failed logins). */
export interface RateHitTable {
  id: Id;
  /** Which limit: 'bao-jia:ip', 'bao-jia:mobile', 'login'. */
  bucket: string;
  /** Who is counted: an address, a mobile number, "<address> <account>". */
  subject: string;
  created_at: number;
}

export interface VerificationCodeTable {
  id: Id;
  mobile: string;
  /** register or reset. */
  scene: string;
  /** SHA-256 of scene, mobile and code; the code itself is never stored. */
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface QrLoginTable {
  id: Id;
  token_hash: string;
  status: 'pending' | 'confirmed' | 'consumed';
  requester_ip: string;
  requester_agent: string;
  user_id: number | null;
  created_at: number;
  expires_at: number;
  confirmed_at: number | null;
}

/** A notice to a user, a role, a team or everyone (spec §3). */
export interface NoticeTable {
  id: Id;
  /** 1 a product was added, 2 a price was quoted, 3 a price was changed. */
  type: 1 | 2 | 3;
  /** Sanitised HTML. */
  content: string;
  /** The asking record it is about. */
  find_id: string;
  target_kind: 'user' | 'role' | 'team' | 'all';
  /** The user, role or team id; null when target_kind is all. */
  target_id: number | null;
  created_by: number | null;
  created_at: number;
}

/** A user who closed a notice; it is no longer delivered to them. */
export interface NoticeCloseTable {
  notice_id: number;
  user_id: number;
  closed_at: number;
}

/** An error a browser met and reported; texts are cut to CLIENT_ERROR_LIMITS (contract/error-log.ts). */
export interface ClientErrorTable {
  id: Id;
  user_id: number | null;
  message: string;
  /** '' when the error had none. */
  stack: string;
  url: string;
  user_agent: string;
  kind: ClientErrorKind;
  created_at: number;
}

/** A link that shows one quote without a login; only the token's hash is kept. */
export interface ShareLinkTable {
  id: Id;
  token_hash: string;
  quote_id: number;
  /** The quoting team that shared it, so only that team lists and revokes it. */
  team_id: number;
  created_by: number | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  views: ColumnType<number, number | undefined, number>;
}

/** A screen written in the designer: its current draft and which version consoles draw. */
export interface ScreenTable {
  id: string;
  /** JSON of the unpublished draft; null when the published version is current. */
  draft: string | null;
  published_version: number | null;
  updated_by: number | null;
  updated_at: number;
}

/** Every published version of a screen, whole. */
export interface ScreenVersionTable {
  screen_id: string;
  version: number;
  body: string;
  restored_from: number | null;
  published_by: number | null;
  published_at: number;
}

/** A group chat (talk_type 2). */
export interface ChatGroupTable {
  id: Id;
  name: string;
  avatar: string;
  owner_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface ChatGroupMemberTable {
  group_id: number;
  user_id: number;
  joined_at: number;
}

/** One per pair of users or per group; `last_sequence` is the counter of its gapless sequence. */
export interface ChatConversationTable {
  id: Id;
  talk_type: number;
  conv_key: string;
  group_id: number | null;
  last_sequence: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

export interface ChatMessageTable {
  id: Id;
  conversation_id: number;
  /** 1, 2, 3… in each conversation, with no gaps. */
  sequence: number;
  talk_type: number;
  /** 0 for a system message. */
  send_id: number;
  receiver_id: number;
  msg_type: number;
  content: string;
  /** JSON of MessageExtra. */
  extra: string;
  client_msg_id: string;
  created_at: number;
}

/** A user's entry for one conversation: list state and read mark. */
export interface ChatSessionTable {
  id: Id;
  user_id: number;
  conversation_id: number;
  talk_type: number;
  receiver_id: number;
  is_top: Flag;
  is_disturb: Flag;
  draft_text: ColumnType<string, string | undefined, string>;
  remark: ColumnType<string, string | undefined, string>;
  /** Every record up to this sequence is read by the owner. */
  read_sequence: ColumnType<number, number | undefined, number>;
  /** Deleted from the list until the next message. */
  hidden: Flag;
  created_at: number;
  updated_at: number;
}

export interface ChatRobotTable {
  user_id: number;
  code: string;
  is_talk: Flag;
  fallback_reply: string;
  updated_at: number;
}

export interface ChatRobotRuleTable {
  id: Id;
  robot_id: number;
  keyword: string;
  match_mode: 'contains' | 'exact';
  reply: string;
  enabled: Flag;
  sort: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}

/** A one-minute, single-use ticket for opening /chat/ws; only its hash is kept. */
export interface ChatTicketTable {
  token_hash: string;
  session_id: number;
  expires_at: number;
}

/** A file a user uploaded for an image or file message. */
export interface ChatUploadTable {
  id: Id;
  user_id: number;
  url: string;
  name: string;
  size: number;
  kind: 'image' | 'file';
  created_at: number;
}

export interface Database {
  teams: TeamTable;
  users: UserTable;
  roles: RoleTable;
  user_roles: UserRoleTable;
  menus: MenuTable;
  role_menus: RoleMenuTable;
  role_permissions: RolePermissionTable;
  departments: DepartmentTable;
  dictionaries: DictionaryTable;
  dictionary_items: DictionaryItemTable;
  auth_sessions: AuthSessionTable;
  auth_tokens: AuthTokenTable;
  rate_hits: RateHitTable;
  verification_codes: VerificationCodeTable;
  qr_logins: QrLoginTable;
  system_logs: SystemLogTable;
  client_errors: ClientErrorTable;
  share_links: ShareLinkTable;
  notices: NoticeTable;
  notice_closes: NoticeCloseTable;
  goods: GoodsTable;
  goods_comments: GoodsCommentTable;
  price_asks: PriceAskTable;
  price_quotes: PriceQuoteTable;
  store_orders: StoreOrderTable;
  recon_results: ReconResultTable;
  recon_tracking_numbers: ReconTrackingNumberTable;
  store_orders_view: StoreOrderView;
  store_bills: StoreBillTable;
  recon_settlements: ReconSettlementTable;
  recon_column_maps: ReconColumnMapTable;
  recon_import_jobs: ReconImportJobTable;
  purchases: PurchaseTable;
  sign_records: SignRecordTable;
  work_orders: WorkOrderTable;
  trades: TradeTable;
  cashier_sales: CashierSaleTable;
  cashier_sale_items: CashierSaleItemTable;
  goods_posters: GoodsPosterTable;
  goods_batches: GoodsBatchTable;
  goods_batch_items: GoodsBatchItemTable;
  tasks: TaskTable;
  change_logs: ChangeLogTable;
  file_folders: FileFolderTable;
  team_files: TeamFileTable;
  servers: ServerTable;
  iot_devices: IotDeviceTable;
  websites: WebsiteTable;
  screens: ScreenTable;
  screen_versions: ScreenVersionTable;
  chat_groups: ChatGroupTable;
  chat_group_members: ChatGroupMemberTable;
  chat_conversations: ChatConversationTable;
  chat_messages: ChatMessageTable;
  chat_sessions: ChatSessionTable;
  chat_robots: ChatRobotTable;
  chat_robot_rules: ChatRobotRuleTable;
  chat_tickets: ChatTicketTable;
  chat_uploads: ChatUploadTable;
  resource_definitions: ResourceDefinitionTable;
  resource_definition_versions: ResourceDefinitionVersionTable;
  record_history: RecordHistoryTable;
  workflow_events: WorkflowEventTable;
  document_serials: DocumentSerialTable;
  quote_rules: QuoteRuleTable;
  auto_quote_log: AutoQuoteLogTable;
  ask_queue: AskQueueTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Menu = Selectable<MenuTable>;
export type AuthSession = Selectable<AuthSessionTable>;

/** Version of a row, raised by one on every update so concurrent edits are caught. */
type Version = ColumnType<number, number | undefined, number>;

export type StorePlatform = 'douyin' | 'kuaishou' | 'wechat';

/** What every business table carries: the owning team, the lock version, the author and the times. */
interface ResourceColumns {
  id: Id;
  /** Non-admin users see only their own team's rows. */
  team_id: number;
  version: Version;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** Money is integer fen (分) in every *_fen column. */
export interface GoodsTable extends ResourceColumns {
  /** Unique within the team. */
  sku: string;
  name: string;
  category: string;
  brand: string;
  spec: string;
  unit: string;
  price_fen: number;
  cost_fen: number;
  stock: number;
  status: 'on_sale' | 'off_sale' | 'draft';
  /** Image URL, or '' when there is none. */
  image: string;
  remark: string;
}

export interface GoodsCommentTable extends ResourceColumns {
  goods_id: number;
  platform: StorePlatform;
  buyer_nick: string;
  /** 1 to 5 stars. */
  rating: number;
  content: string;
  /** The shop's answer, '' until one is written. */
  reply: string;
  status: 'visible' | 'hidden';
}

/** A request for prices by an asking team (type 1). */
export interface PriceAskTable extends ResourceColumns {
  ask_no: string;
  goods_name: string;
  spec: string;
  quantity: number;
  expected_price_fen: number | null;
  kind: 'ordinary' | 'addprice';
  status: 'pending' | 'quoted' | 'accepted' | 'closed' | 'expired';
  handle_mode: 'auto' | 'manual';
  deadline_at: number | null;
  remark: string;
  /** The closed or expired ask this one asks again. */
  parent_ask_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the quoting teams were last urged (催报价, at most once per 30 minutes). */
  urged_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** Photo URLs, one a line. */
  photos: ColumnType<string, string | undefined, string>;
  sku: ColumnType<string, string | undefined, string>;
  category: ColumnType<string, string | undefined, string>;
  /** Public asks (bao-jia): who to call back. */
  contact_name: ColumnType<string, string | undefined, string>;
  contact_mobile: ColumnType<string, string | undefined, string>;
}

/** An answer to an ask; team_id is the quoting team (type 2), not the asking one. */
export interface PriceQuoteTable extends ResourceColumns {
  ask_id: number;
  quote_no: string;
  quote_type: 'spot' | 'transfer';
  price_fen: number;
  quantity: number;
  delivery_days: number;
  status: 'submitted' | 'accepted' | 'rejected' | 'withdrawn' | 'expired';
  /** Null when the quote was made by the automatic rules. */
  quoted_by: number | null;
  remark: string;
  validity_hours: ColumnType<number, number | undefined, number>;
  /** When the quote stops holding: its time plus its validity. */
  expires_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The automatic rule that made it. */
  rule_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Orders of the Douyin, Kuaishou and WeChat stores; order_no is unique per platform. */
export interface StoreOrderTable extends ResourceColumns {
  platform: StorePlatform;
  order_no: string;
  shop_name: string;
  buyer_nick: string;
  goods_name: string;
  sku: string;
  quantity: number;
  amount_fen: number;
  freight_fen: number;
  status: 'pending' | 'shipped' | 'signed' | 'refunded';
  /** '' until shipped. */
  express_company: string;
  express_no: string | null;
  paid_at: number;
  shipped_at: number | null;
  refund_fen: Defaulted<number>;
  promised_ship_at: number | null;
  /** 1 once a shipment file (the seller's own record) named the order. */
  shipment_recorded: Flag;
  /** 1 when a person explained the difference; kept across matches. */
  explained: Flag;
  explain_note: Defaulted<string>;
}

/** What the last match found of an order (server/reconciliation/match.ts), one row an order from its insert on (0021). */
export interface ReconResultTable {
  order_id: number;
  /** The order's team, kept in step by a trigger: an outcome filter reaches this table's index with it. */
  team_id: number;
  outcome: Defaulted<string>;
  expected_fen: Defaulted<number>;
  settled_fen: Defaulted<number>;
  difference_fen: Defaulted<number>;
  fee_service_fen: Defaulted<number>;
  fee_commission_fen: Defaulted<number>;
  fee_affiliate_fen: Defaulted<number>;
  fee_other_fen: Defaulted<number>;
  fee_fen: Defaulted<number>;
}

/** One tracking number of an order (0022): 快递单号 may hold several, each found alone. */
export interface ReconTrackingNumberTable {
  order_id: number;
  express_no: string;
}

/** An order as the console reads it (a view, read only): its row with what matching found, and 已对账 (matched or refunded). */
export type StoreOrderView = Selectable<StoreOrderTable> & Selectable<Omit<ReconResultTable, 'order_id' | 'team_id'>> & { reconciled: number };

/** One settlement line of a platform file (a fund flow, or a bill line per order), unique per flow number. */
export interface ReconSettlementTable extends ResourceColumns {
  platform: StorePlatform;
  shop_name: string;
  flow_no: string;
  order_no: string;
  sub_order_no: string;
  category: 'income' | 'refund' | 'fee';
  scene: string;
  amount_fen: number;
  fee_service_fen: number;
  fee_commission_fen: number;
  fee_affiliate_fen: number;
  fee_other_fen: number;
  settled_at: number | null;
  /** 0 when no order carries its order number (平台有账无单). */
  has_order: Flag;
}

/** Which headers a field of a platform file may come under, one per line; edited by admins. */
export interface ReconColumnMapTable {
  id: Id;
  kind: string;
  field: string;
  aliases: string;
  version: Version;
  created_at: number;
  updated_at: number;
}

/** One import of a platform file, run in the background; polled by whichever process answers. */
export interface ReconImportJobTable {
  id: Id;
  team_id: number;
  created_by: number | null;
  kind: string;
  shop_name: Defaulted<string>;
  file_name: string;
  preview: Flag;
  state: 'queued' | 'reading' | 'writing' | 'done' | 'failed';
  bytes_total: number;
  bytes_done: Defaulted<number>;
  rows_done: Defaulted<number>;
  /** The ReconImportReport as JSON, once done. */
  report: string | null;
  /** Why it failed: a message key and its parameters as JSON, shown in the reader's language. */
  error_key: string | null;
  error_params: string | null;
  /** host:pid:instance of the process running it. */
  worker: string;
  heartbeat_at: number;
  created_at: number;
  finished_at: number | null;
}

/** A platform's monthly settlement of one shop. */
export interface StoreBillTable extends ResourceColumns {
  platform: StorePlatform;
  bill_no: string;
  /** YYYY-MM. */
  period: string;
  shop_name: string;
  order_count: number;
  income_fen: number;
  refund_fen: number;
  fee_fen: number;
  settle_fen: number;
  status: 'pending' | 'confirmed' | 'disputed';
  confirmed_at: number | null;
}

export interface PurchaseTable extends ResourceColumns {
  purchase_no: string;
  supplier: string;
  goods_name: string;
  quantity: number;
  amount_fen: number;
  status: 'draft' | 'ordered' | 'received' | 'cancelled';
  expected_at: number | null;
}

/** Delivery of a shipped store order to its receiver. */
export interface SignRecordTable extends ResourceColumns {
  order_no: string;
  express_company: string;
  express_no: string;
  receiver: string;
  signed_at: number | null;
  status: 'waiting' | 'signed' | 'rejected';
  remark: string;
}

export interface WorkOrderTable extends ResourceColumns {
  order_no: string;
  title: string;
  content: string;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  status: 'open' | 'processing' | 'resolved' | 'closed';
  assignee_id: number | null;
}

export interface TradeTable extends ResourceColumns {
  trade_no: string;
  direction: 'in' | 'out';
  amount_fen: number;
  channel: 'alipay' | 'wechat' | 'bank' | 'cash';
  counterparty: string;
  status: 'success' | 'pending' | 'failed';
  traded_at: number;
  remark: string;
}

export interface TaskTable extends ResourceColumns {
  name: string;
  cron: string;
  handler: string;
  status: 'enabled' | 'disabled';
  last_run_at: number | null;
  last_result: string;
  remark: string;
}

/** A sale of 收银台 (migration 0026): amounts in fen, as computed by the server at checkout. */
export interface CashierSaleTable {
  id: Id;
  team_id: number;
  /** XS + China date + serial, what the receipt and the trade's remark name. */
  sale_no: string;
  /** The till's id of the checkout, unique within the team: a retry finds the sale it made. */
  checkout_id: string;
  cashier_id: number | null;
  cashier_name: string;
  item_count: number;
  subtotal_fen: number;
  discount_fen: number;
  total_fen: number;
  payment: 'cash' | 'wechat' | 'alipay';
  received_fen: number;
  change_fen: number;
  /** The income recorded in 交易流水. */
  trade_id: number | null;
  sold_at: number;
}

/** A poster of 海报设计 (migration 0029): its document as JSON text, its size mirrored for lists. */
export interface GoodsPosterTable {
  id: Id;
  team_id: number;
  name: string;
  width: number;
  height: number;
  doc: string;
  /** Saves so far: a save names the one it started from. */
  version: number;
  created_by: number | null;
  updated_by: number | null;
  updated_by_name: string;
  created_at: number;
  updated_at: number;
}

/** A batch of 商品管理 (migration 0028): an operation applied to many goods of a team at once, or the undo of one. */
export interface GoodsBatchTable {
  id: Id;
  team_id: number;
  /** PL + China date + serial. */
  batch_no: string;
  kind: string;
  /** The operation's parameters, JSON. */
  params: string;
  note: string;
  goods_count: number;
  user_id: number | null;
  user_name: string;
  /** The batch an undo undid. */
  undo_of: number | null;
  undone_at: number | null;
  undone_by: string | null;
  created_at: number;
}

/** A goods a batch changed: the fields' values before and after (JSON), and its version right after. */
export interface GoodsBatchItemTable {
  id: Id;
  batch_id: number;
  goods_id: number | null;
  sku: string;
  name: string;
  before_values: string;
  after_values: string;
  version_after: number;
}

/** A goods line of a sale, with the goods' SKU, name and price as sold. */
export interface CashierSaleItemTable {
  id: Id;
  sale_id: number;
  goods_id: number | null;
  sku: string;
  name: string;
  price_fen: number;
  quantity: number;
  amount_fen: number;
}

/** An entry of the product's release notes (系统设置 › 更新日志), shared by every team. */
/** 文件管理's folders (0025). parent_id 0 is the team's top level. */
export interface FileFolderTable {
  id: Id;
  team_id: number;
  parent_id: number;
  name: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** 文件管理's files (0025): folder_id 0 is the team's top level; the bytes are on disk under storage_key. */
export interface TeamFileTable {
  id: Id;
  team_id: number;
  folder_id: number;
  name: string;
  kind: string;
  content_type: string;
  size: number;
  storage_key: string;
  uploaded_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface ChangeLogTable {
  id: Id;
  /** The release it came with, e.g. 1.4.0. */
  version_no: string;
  /** 'YYYY-MM-DD'. */
  released_on: string;
  kind: 'feature' | 'improvement' | 'fix';
  title: string;
  content: string;
  /** Lock version, raised by every edit through the resource API. */
  version: Version;
  created_at: number;
  updated_at: number;
}

export interface ServerTable extends ResourceColumns {
  name: string;
  host: string;
  ip: string;
  os: string;
  cpu_cores: number;
  memory_mb: number;
  status: 'online' | 'offline';
  remark: string;
}

export interface IotDeviceTable extends ResourceColumns {
  device_no: string;
  name: string;
  kind: string;
  location: string;
  status: 'online' | 'offline' | 'fault';
  last_seen_at: number | null;
}

export interface WebsiteTable extends ResourceColumns {
  name: string;
  domain: string;
  icp: string;
  status: 'online' | 'offline';
  remark: string;
}

/** An admin-defined resource: its current definition and the columns its record table has. */
export interface ResourceDefinitionTable {
  id: Id;
  name: string;
  /** The ResourceDefinition as JSON. */
  definition: string;
  version: number;
  /** StoredColumn[] as JSON (server/resources/custom-tables.ts), removed fields included. */
  columns: string;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** Every saved version of an admin-defined resource, for the designer's history. */
export interface ResourceDefinitionVersionTable {
  id: Id;
  name: string;
  version: number;
  definition: string;
  created_by: number | null;
  created_at: number;
}

/** One change of one record of any resource, with each field's value before and after. */
export interface RecordHistoryTable {
  id: Id;
  resource: string;
  record_id: number;
  team_id: number | null;
  action: 'create' | 'update' | 'delete' | 'import';
  user_id: number | null;
  user_name: string;
  /** [{field, before, after}] as JSON. */
  changes: string;
  created_at: number;
}

/** One transition of a workflow record: who took it, from which state to which, when. */
export interface WorkflowEventTable {
  id: Id;
  resource: string;
  record_id: number;
  action: string;
  from_state: string | null;
  to_state: string | null;
  user_id: number | null;
  user_name: string;
  team_id: number | null;
  note: string;
  created_at: number;
}

/** A quoting team's automatic quoting rule. */
export interface QuoteRuleTable extends ResourceColumns {
  name: string;
  match_type: 'keyword' | 'sku' | 'category';
  match_value: string;
  price_mode: 'markup' | 'fixed';
  cost_fen: number;
  markup_pct: number;
  fixed_fen: number;
  floor_fen: number;
  /** Available stock: a larger ask is not covered; 0 for no limit. */
  stock: number;
  /** 0 for no limit. */
  max_quantity: number;
  delivery_days: number;
  validity_hours: number;
  quote_type: 'spot' | 'transfer';
  enabled: number;
}

/** What the automatic rules of a quoting team did with one ask. */
export interface AutoQuoteLogTable extends ResourceColumns {
  ask_id: number;
  rule_id: number | null;
  quote_id: number | null;
  outcome: 'quoted' | 'unmatched';
  detail: string;
}

/** An ask no rule of a quoting team covered, waiting in that team's manual queue. */
export interface AskQueueTable extends ResourceColumns {
  ask_id: number;
  status: 'open' | 'claimed' | 'quoted' | 'declined';
  assignee_id: number | null;
  reason: string;
}

/** The last serial handed out for one numbered field of one table on one day ("price_asks.ask_no:XJ20261126"). */
export interface DocumentSerialTable {
  stem: string;
  last: number;
}
