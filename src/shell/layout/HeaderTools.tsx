import { lazy, Suspense, type ComponentType } from 'react';
import { createStore, useStore } from '../store';
import { deviceStore, themeStore } from '../theme/settings-store';
import type { Theme } from '../theme/theme';
import {
  ColorTool, DarkTool, FontSizeTool, FullscreenTool, LanguageTool, LockTool, MenuSearch, RefreshTool, ThemeTool, UserMenu,
} from './tools';
import { NoticeCenter } from '../notices/NoticeCenter';
import { ChatEntry } from '../chat/ChatEntry';

export interface HeaderTool {
  id: string;
  /** The theme switch that shows it; the user menu has none. */
  switch?: keyof Theme;
  Tool: ComponentType;
}

/** In the order; the colour and font-size pickers sit with the theme tool they belong to. */
const TOOLS: HeaderTool[] = [
  { id: 'search', switch: 'showSearch', Tool: MenuSearch },
  { id: 'notice', switch: 'showNotice', Tool: NoticeCenter },
  // Chat is a feature, not a look: no theme switch hides it.
  { id: 'chat', Tool: ChatEntry },
  { id: 'fullscreen', switch: 'showFullScreen', Tool: FullscreenTool },
  { id: 'refresh', switch: 'showRefresh', Tool: RefreshTool },
  { id: 'language', switch: 'showLanguage', Tool: LanguageTool },
  { id: 'theme', switch: 'showTheme', Tool: ThemeTool },
  { id: 'color', switch: 'showColorPicker', Tool: ColorTool },
  { id: 'fontSize', switch: 'showFontSize', Tool: FontSizeTool },
  { id: 'lock', switch: 'showLock', Tool: LockTool },
  { id: 'dark', switch: 'showDark', Tool: DarkTool },
  { id: 'user', Tool: UserMenu },
];

/**
 * What a phone's header keeps (issue 18): notices, chat and the avatar menu, which takes the other
 * tools in (UserMenu), so nothing overlaps in 390 px.
 */
const PHONE_TOOLS: ReadonlySet<string> = new Set(['notice', 'chat', 'user']);

/** The order the user dragged the tools into; for this visit only (the spec names no key for it). */
const toolOrderStore = createStore(TOOLS.map((tool) => tool.id));

// Dragging needs dnd-kit; it loads only when the theme allows reordering.
const SortableTools = lazy(() => import('./SortableTools'));

function PlainTools({ tools }: { tools: HeaderTool[] }) {
  return (
    <div className="console-tools">
      {tools.map(({ id, Tool }) => (
        <span key={id} className="console-tool">
          <Tool />
        </span>
      ))}
    </div>
  );
}

/** The header's right side: each tool behind its show… switch, draggable when rightToolsDrag is on. */
export function HeaderTools() {
  const theme = useStore(themeStore);
  const order = useStore(toolOrderStore);
  const phone = useStore(deviceStore) === 'mobile';
  const tools = order
    .map((id) => TOOLS.find((tool) => tool.id === id)!)
    .filter((tool) => (!tool.switch || theme[tool.switch]) && (!phone || PHONE_TOOLS.has(tool.id)));
  if (!theme.rightToolsDrag || phone) return <PlainTools tools={tools} />;
  return (
    <Suspense fallback={<PlainTools tools={tools} />}>
      <SortableTools tools={tools} onReorder={toolOrderStore.set} />
    </Suspense>
  );
}
