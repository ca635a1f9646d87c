/**
 * The dashboard's two reads, as the data provider offers them to widgets: 首页's figures and 工作台's
 * to-do list. The engine implements them (src/engine/data-provider.ts), the one place that knows their URLs.
 */
import type { DashboardOverview, DashboardOverviewQuery, DashboardScreen, DashboardWorkbench } from '../../contract/api/dashboard';

export interface DashboardData {
  /** The figures of the caller's team (an administrator's pick, or every team) over 7 or 30 days. */
  overview(query: DashboardOverviewQuery): Promise<DashboardOverview>;
  /** What waits on the caller, and the everyday screens of their menu. */
  workbench(): Promise<DashboardWorkbench>;
  /** 数据大屏: everything the wall display shows, for the same scope and period as overview. */
  screen(query: DashboardOverviewQuery): Promise<DashboardScreen>;
}
