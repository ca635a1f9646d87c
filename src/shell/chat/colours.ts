import type { CSSProperties } from 'react';
import { theme as antdTheme } from 'antd';

/**
 * antd's resolved colours as CSS variables for chat.css: the chat is drawn in a drawer, outside the
 * console frame that sets the frame's own variables.
 */
export function useChatColours(): CSSProperties {
  const { token } = antdTheme.useToken();
  return {
    '--chat-bg': token.colorBgLayout,
    '--chat-surface': token.colorBgContainer,
    '--chat-border': token.colorBorderSecondary,
    '--chat-text': token.colorText,
    '--chat-text-secondary': token.colorTextSecondary,
    '--chat-primary': token.colorPrimary,
    '--chat-primary-bg': token.colorPrimaryBg,
    '--chat-hover': token.colorFillTertiary,
    '--chat-mine': token.colorPrimary,
    '--chat-other': token.colorFillSecondary,
    '--chat-success': token.colorSuccess,
    '--chat-error': token.colorError,
    '--chat-radius': `${token.borderRadiusLG}px`,
  } as CSSProperties;
}
