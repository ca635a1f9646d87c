/** The built-in resources of the goods area: goods, their comments, work orders and trades. */
import { field, options, enumOf, text, remark, money, lookup, numbered, PLATFORMS } from '../resources/fields';
import { builtin, readWriteOf, codes } from '../resources/builtin';
import type { ResourceStore } from '../resources/store';
import { goodsWritten } from '../quoting/resources';

const goods = builtin({
  name: 'goods',
  zh: '商品',
  en: 'Goods',
  fields: [
    text('sku', '商品编码', 'SKU', 64, { required: true, searchable: true }),
    text('name', '商品名称', 'Name', 200, { required: true, searchable: true }),
    text('category', '类目', 'Category', 64, { searchable: true, indexed: true }),
    text('brand', '品牌', 'Brand', 64, { searchable: true }),
    text('spec', '规格', 'Specification', 128),
    text('unit', '单位', 'Unit', 16),
    money('price_fen', '售价', 'Price', { required: true }),
    money('cost_fen', '成本价', 'Cost'),
    field('stock', 'integer', '库存', 'Stock', { minimum: 0, default: 0 }),
    enumOf(
      'status',
      '状态',
      'Status',
      options(['on_sale', '在售', 'On sale', 'green'], ['off_sale', '已下架', 'Off sale', 'default'], ['draft', '草稿', 'Draft', 'blue']),
      { required: true, default: 'draft' },
    ),
    field('image', 'image', '商品图片', 'Image', { maxLength: 512, accept: ['image/png', 'image/jpeg', 'image/webp'] }),
    remark(),
  ],
  labelField: 'name',
  teamScoped: true,
  permissions: codes('goods'),
  // The SKU is unique within a team (goods_team_sku).
  uniques: [['team_id', 'sku']],
  // New goods of a quoting team that an open ask names: the asking team hears of them (notice type 1).
  hooks: { afterWrite: goodsWritten },
});

const goodsComments = builtin({
  name: 'goods_comments',
  zh: '商品评价',
  en: 'Goods comments',
  fields: [
    lookup('goods_id', '商品', 'Goods', 'goods', 'name', { required: true, indexed: true }),
    enumOf('platform', '平台', 'Platform', PLATFORMS, { required: true }),
    text('buyer_nick', '买家昵称', 'Buyer', 64, { required: true, searchable: true }),
    field('rating', 'integer', '评分', 'Rating', { required: true, minimum: 1, maximum: 5 }),
    field('content', 'text', '评价内容', 'Comment', { required: true, maxLength: 1000, searchable: true }),
    field('reply', 'text', '商家回复', 'Reply', { maxLength: 1000 }),
    enumOf('status', '状态', 'Status', options(['visible', '显示', 'Visible', 'green'], ['hidden', '隐藏', 'Hidden', 'default']), {
      required: true,
      default: 'visible',
    }),
  ],
  labelField: 'buyer_nick',
  teamScoped: true,
  permissions: codes('goods_comments'),
});

const workOrders = builtin({
  name: 'work_orders',
  zh: '工单',
  en: 'Work orders',
  fields: [
    numbered('order_no', '工单号', 'Ticket number'),
    text('title', '标题', 'Title', 200, { required: true, searchable: true }),
    field('content', 'text', '问题描述', 'Description', { required: true, maxLength: 10000 }),
    enumOf(
      'priority',
      '优先级',
      'Priority',
      options(['low', '低', 'Low', 'default'], ['normal', '普通', 'Normal', 'blue'], ['high', '高', 'High', 'orange'], ['urgent', '紧急', 'Urgent', 'red']),
      { required: true, default: 'normal' },
    ),
    enumOf(
      'status',
      '状态',
      'Status',
      options(['open', '待处理', 'Open', 'orange'], ['processing', '处理中', 'In progress', 'blue'], ['resolved', '已解决', 'Resolved', 'green'], ['closed', '已关闭', 'Closed', 'default']),
      { required: true, default: 'open' },
    ),
    lookup('assignee_id', '处理人', 'Assignee', 'users', 'name', { indexed: true }),
  ],
  labelField: 'title',
  teamScoped: true,
  permissions: codes('work_orders'),
  nullable: ['assignee_id'],
  numbered: { order_no: 'GD' },
});

const trades = builtin({
  name: 'trades',
  zh: '交易流水',
  en: 'Trades',
  fields: [
    numbered('trade_no', '流水号', 'Trade number'),
    enumOf('direction', '收支', 'Direction', options(['in', '收入', 'Income', 'green'], ['out', '支出', 'Expense', 'red']), { required: true }),
    money('amount_fen', '金额', 'Amount', { required: true }),
    enumOf('channel', '渠道', 'Channel', options(['alipay', '支付宝', 'Alipay', 'blue'], ['wechat', '微信支付', 'WeChat Pay', 'green'], ['bank', '银行转账', 'Bank transfer', 'purple'], ['cash', '现金', 'Cash', 'gold']), {
      required: true,
    }),
    text('counterparty', '对方', 'Counterparty', 100, { required: true, searchable: true }),
    enumOf('status', '状态', 'Status', options(['success', '成功', 'Succeeded', 'green'], ['pending', '处理中', 'Pending', 'orange'], ['failed', '失败', 'Failed', 'red']), {
      required: true,
      default: 'success',
    }),
    field('traded_at', 'datetime', '交易时间', 'Traded at', { required: true, indexed: true }),
    remark(),
  ],
  labelField: 'trade_no',
  teamScoped: true,
  permissions: codes('trades'),
  numbered: { trade_no: 'JY' },
});

export const GOODS_RESOURCES: ResourceStore[] = [goods, goodsComments, workOrders, trades];

/** What the demo seller role works in here, in its own team (seed/demo.ts). */
export const GOODS_SELLER_PERMISSIONS = readWriteOf(['goods', 'goods_comments', 'work_orders', 'trades']);
