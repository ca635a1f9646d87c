/**
 * The demo menu: every area of the product with its route, view id (vue_path) and the permission
 * code that opens it. Route names are unique; hidden items are routes without a menu entry.
 */
export interface MenuSeed {
  path: string;
  name: string;
  icon?: string;
  hidden?: boolean;
  vue_path?: string;
  zh: string;
  en: string;
  children?: MenuSeed[];
}

const leaf = (path: string, name: string, zh: string, en: string, icon = '', hidden = false): MenuSeed => ({
  path,
  name,
  icon,
  hidden,
  // The view id is the path without its leading slash: one screen file per path.
  vue_path: path.slice(1),
  zh,
  en,
});

export const MENU: MenuSeed[] = [
  {
    path: '/common',
    name: 'Common',
    icon: 'AppstoreOutlined',
    zh: '常用功能',
    en: 'Common',
    children: [
      leaf('/common/info/question', 'Question', '我要询价', 'Ask Price', 'QuestionCircleOutlined'),
      leaf('/common/info/spot', 'Spot', '现货报价', 'Spot Quote', 'ThunderboltOutlined'),
      leaf('/common/info/transfer', 'Transfer', '调货报价', 'Transfer Quote', 'SwapOutlined'),
      leaf('/common/info/purchase', 'Purchase', '采购单', 'Purchase', 'ShoppingCartOutlined'),
      leaf('/common/info/sign', 'Sign', '签收', 'Sign', 'CheckSquareOutlined'),
    ],
  },
  {
    path: '/dashboard',
    name: 'Dashboard',
    icon: 'DashboardOutlined',
    zh: '首页',
    en: 'Home',
    children: [
      leaf('/dashboard/index', 'Index', '首页', 'Home', 'HomeOutlined'),
      leaf('/dashboard/workbench', 'Workbench', '工作台', 'Workbench', 'DesktopOutlined'),
      leaf('/dashboard/screen', 'DataScreen', '数据大屏', 'Data Screen', 'FundProjectionScreenOutlined'),
    ],
  },
  {
    path: '/askprice',
    name: 'AskPrice',
    icon: 'DollarOutlined',
    zh: '询价报价',
    en: 'Quoting',
    children: [
      leaf('/askprice/core/auto', 'CoreAuto', '自动处理', 'Auto Handling'),
      leaf('/askprice/core/handle', 'CoreHandle', '人工处理', 'Manual Handling'),
      leaf('/askprice/find/addprice', 'FindAddprice', '加价询价', 'Addprice'),
      leaf('/askprice/find/ordinary', 'FindOrdinary', '普通询价', 'Ordinary Asking'),
      leaf('/askprice/quote/spot', 'QuoteSpot', '现货报价单', 'Spot Quotes'),
      leaf('/askprice/quote/transfer', 'QuoteTransfer', '调货报价单', 'Transfer Quotes'),
    ],
  },
  {
    path: '/bill',
    name: 'Bill',
    icon: 'AccountBookOutlined',
    zh: '对账',
    en: 'Reconciliation',
    children: [
      {
        path: '/bill/core',
        name: 'BillCore',
        zh: '代购对账',
        en: 'Buyer-agent Reconciliation',
        children: [
          leaf('/bill/core/douyin', 'DouyinOrder', '抖音订单', 'Douyin Orders'),
          leaf('/bill/core/kuaishou', 'KuaishouOrder', '快手订单', 'Kuaishou Orders'),
          leaf('/bill/core/wechat', 'WechatOrder', '微信小店订单', 'WeChat Store Orders'),
          leaf('/bill/core/ImportSend', 'importsend', '导入发货', 'Import Shipments', '', true),
        ],
      },
      leaf('/bill/summary', 'ReconSummary', '对账汇总', 'Reconciliation Summary'),
      leaf('/bill/store', 'StoreBill', '店铺账单', 'Store Bills'),
      // Admins only (the seller role is not given it): which platform column means which field.
      leaf('/bill/column-maps', 'ReconColumnMaps', '平台字段映射', 'Platform Column Maps'),
    ],
  },
  {
    path: '/goods',
    name: 'Goods',
    icon: 'ShoppingOutlined',
    zh: '商品',
    en: 'Goods',
    children: [
      leaf('/goods/list', 'GoodsList', '商品列表', 'Goods List'),
      leaf('/goods/management', 'GoodsManagement', '商品管理', 'Goods Management'),
      leaf('/goods/comment', 'GoodsComment', '商品评论', 'Goods Comment'),
      leaf('/goods/statistics', 'GoodsStatistics', '商品统计', 'Goods Statistics'),
      leaf('/goods/order-notice', 'OrderNotice', '订单通知', 'Order Notice'),
      leaf('/goods/poster', 'PosterDesign', '海报设计', 'Poster Design'),
      leaf('/goods/product-center', 'ProductCenter', '产品中心', 'Product Center'),
      leaf('/goods/cashier', 'Cashier', '收银台', 'Cashier'),
      leaf('/goods/explorer', 'Explorer', '文件管理', 'Explorer'),
      leaf('/goods/work-order', 'WorkOrder', '工单', 'Work'),
      leaf('/goods/trade', 'Trade', '交易', 'Trade'),
    ],
  },
  {
    path: '/chat',
    name: 'Chat',
    icon: 'MessageOutlined',
    zh: '消息',
    en: 'Chat',
    children: [
      leaf('/chat/assistant', 'ChatAssistant', '智能助手', 'Assistant', 'RobotOutlined'),
      leaf('/chat/speech', 'SpeechSynthesis', '语音合成', 'Speech Synthesis', 'SoundOutlined'),
      leaf('/chat/robot-rules', 'RobotRules', '机器人规则', 'Robot Rules', 'ControlOutlined'),
    ],
  },
  {
    path: '/account',
    name: 'Account',
    icon: 'TeamOutlined',
    zh: '团队成员',
    en: 'Team',
    children: [
      leaf('/account/staff', 'Staff', '员工', 'Staff', 'IdcardOutlined'),
      leaf('/personal/quotation-link', 'QuotationLink', '报价链接', 'Quotation Link', 'LinkOutlined'),
    ],
  },
  {
    path: '/setting',
    name: 'Setting',
    icon: 'SettingOutlined',
    zh: '系统设置',
    en: 'Settings',
    children: [
      leaf('/setting/user', 'User', '用户管理', 'User'),
      leaf('/setting/role', 'Role', '角色管理', 'Role'),
      leaf('/setting/menu', 'Menu', '菜单管理', 'Menu'),
      leaf('/setting/department', 'Department', '部门管理', 'Department'),
      leaf('/setting/dictionary', 'Dictionary', '字典管理', 'Dic'),
      leaf('/setting/task', 'Task', '定时任务', 'Task'),
      leaf('/setting/server', 'Server', '服务器', 'Server'),
      leaf('/setting/iot', 'Iot', '物联网', 'Iot'),
      leaf('/setting/website', 'Website', '网站', 'Website'),
      leaf('/setting/system-log', 'SystemLog', '系统日志', 'System Log'),
      leaf('/setting/error-log', 'ErrorLog', '错误日志', 'Error Log'),
      leaf('/setting/change-log', 'ChangeLog', '更新日志', 'Change Log'),
      leaf('/setting/notice', 'Notice', '通知管理', 'Notices'),
      leaf('/setting/designer', 'ScreenDesigner', '页面设计器', 'Screen Designer', 'BuildOutlined'),
    ],
  },
  {
    path: '/system',
    name: 'System',
    icon: 'ClusterOutlined',
    zh: '团队管理',
    en: 'Teams',
    children: [
      leaf('/system/cloud-team', 'CloudTeam', '云仓团队', 'Cloud Team'),
      leaf('/system/operation-team', 'OperationTeam', '运营团队', 'Operation Team'),
      leaf('/system/user', 'SystemUser', '团队用户', 'Team User'),
    ],
  },
  {
    path: '/main',
    name: 'Main',
    hidden: true,
    zh: '个人',
    en: 'Personal',
    children: [
      leaf('/main/handlefind', 'HandleFind', '询价详情', 'Asking Detail', '', true),
      leaf('/main/user-center', 'UserCenter', '个人中心', 'User Center', '', true),
      leaf('/main/password', 'ChangePassword', '修改密码', 'Change Password', '', true),
    ],
  },
];
