import type { ReactNode } from 'react';
import {
  AccountBookOutlined, AppstoreOutlined, CheckSquareOutlined, ClusterOutlined, DashboardOutlined, DesktopOutlined,
  DollarOutlined, FundProjectionScreenOutlined, HomeOutlined, IdcardOutlined, LinkOutlined, MessageOutlined,
  QuestionCircleOutlined, RobotOutlined, SettingOutlined, ShoppingCartOutlined, ShoppingOutlined, SoundOutlined,
  SwapOutlined, TeamOutlined, ThunderboltOutlined,
} from '@ant-design/icons';

/**
 * The icons a menu may name. Only these are bundled (importing the whole icon set would cost
 * megabytes); an unknown name falls back to a neutral icon.
 */
const ICONS: Record<string, ReactNode> = {
  AccountBookOutlined: <AccountBookOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  CheckSquareOutlined: <CheckSquareOutlined />,
  ClusterOutlined: <ClusterOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  DesktopOutlined: <DesktopOutlined />,
  DollarOutlined: <DollarOutlined />,
  FundProjectionScreenOutlined: <FundProjectionScreenOutlined />,
  HomeOutlined: <HomeOutlined />,
  IdcardOutlined: <IdcardOutlined />,
  LinkOutlined: <LinkOutlined />,
  MessageOutlined: <MessageOutlined />,
  QuestionCircleOutlined: <QuestionCircleOutlined />,
  RobotOutlined: <RobotOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShoppingCartOutlined: <ShoppingCartOutlined />,
  ShoppingOutlined: <ShoppingOutlined />,
  SoundOutlined: <SoundOutlined />,
  SwapOutlined: <SwapOutlined />,
  TeamOutlined: <TeamOutlined />,
  ThunderboltOutlined: <ThunderboltOutlined />,
};

export function menuIcon(name: string): ReactNode {
  return name ? (ICONS[name] ?? <AppstoreOutlined />) : undefined;
}
