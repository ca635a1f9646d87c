/**
 * The product's constants (spec §9), each under the spec's name. Server and client both read them
 * from here; nothing else hard-codes these values.
 */
export const settings = {
  /** Site title: the second half of every page title. */
  title: '电商卖家控制台',
  titleSeparator: ' - ',
  /** Request timeout of the request client, in ms. */
  requestTimeout: 60000,
  /** How long a toast message stays, in ms. */
  messageDuration: 3000,
  /** Click throttle and debounce of the doEdit action, in ms. */
  throttleWait: 2000,
  debounceWait: 1000,
  /** How many tabs keep their view alive. */
  keepAliveMaxNum: 99,
  defaultLanguage: 'zh',
  layout: 'comprehensive',
  color: '#4e88f3',
  menuWidth: 140,
  menuWidthFallback: 266,
  radius: 5,
  fontSize: 13,
  tabsHeight: 42,
  footerHeight: 50,
  /** Below this viewport width (px) the device is mobile: vertical layout, menu in a drawer. */
  mobileWidth: 992,
  /** Below this viewport width (px) a screen is drawn for a phone: lists as cards, one column, full-screen drawers. */
  phoneWidth: 768,
  /** Logo of the console frame until one is set under the `logo` key (served from public/). */
  logo: '/favicon.svg',
  loadingText: '正在加载中...',
  /** Avatar of a user who has not uploaded one (served from public/). */
  defaultAvatar: '/avatar.svg',
  devPort: 5200,
  /** Token storage: key in browser storage, the answer field that carries it, where it is kept. */
  tokenTableName: 'shop-vite-token',
  tokenName: 'token',
  storage: 'localStorage' as 'localStorage' | 'sessionStorage',
  storageKeys: {
    theme: 'shop-vite-theme',
    token: 'shop-vite-token',
    collapse: 'collapse',
    persistenceTab: 'persistenceTab',
    language: 'language',
    lock: 'lock',
    logo: 'logo',
    title: 'title',
    scrollTop: 'scrollTop',
  },
  /** Notices: poll interval, stagger between pop-ups, sound debounce, in ms. */
  noticeInterval: 5000,
  noticeStagger: 50,
  noticeSoundDebounce: 100,
  /** How long a pop-up stays on a phone before it folds back into the bell, in ms. */
  noticePhoneShown: 6000,
  /** Chat socket: heartbeat and timeout in s (client defaults; the server's connect event overrides). */
  chatHeartbeat: 20,
  chatTimeout: 180,
  chatServerTimeout: 75,
  chatReconnectDelay: 3000,
  chatReconnectMaxAttempts: 10_000_000,
  progressBarSpeed: 500,
  dialogAnimation: 0.3,
  dialogFullscreenOffset: 51,
  updateCheckDelay: 3000,
  updateProgress: 7000,
  updateReloadDelay: 3000,
  /** Modes (import.meta.env.MODE) that keep and report errors (spec §8); dev has the browser console. */
  errorLog: ['production'],
  /** Leave the page when dev tools open (spec §8); off, as it stands in the way of support. */
  devToolsDetector: false,
  /** Relative time: default format, and the window in which minutes are counted. */
  dateFormat: 'YYYY-MM-DD HH:mm:ss',
  relativeMinutesWindow: 30,
} as const;

export type Settings = typeof settings;
