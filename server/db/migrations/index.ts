import type { Migration } from '../dialect';
import { migration as core } from './0001_core';
import { migration as business } from './0002_business';
import { migration as accounts } from './0003_accounts';
import { migration as notices } from './0004_notices';
import { migration as clientErrors } from './0005_client_errors';
import { migration as shareLinks } from './0006_share_links';
import { migration as chat } from './0007_chat';
import { migration as resources } from './0008_resources';
import { migration as screens } from './0009_screens';
import { migration as robotRuleVersions } from './0010_robot_rule_versions';
import { migration as quoting } from './0011_quoting';
import { migration as reconciliation } from './0012_reconciliation';
import { migration as reconImports } from './0013_recon_imports';
import { migration as quotingIndexes } from './0014_quoting_indexes';
import { migration as keywordIndex } from './0015_keyword_index';
import { migration as reconMenus } from './0016_recon_menus';
import { migration as loginRateHits } from './0017_login_rate_hits';
import { migration as quotingBoardCategory } from './0018_quoting_board_category';
import { migration as tableVersions } from './0019_table_versions';
import { migration as allTeamsIndexes } from './0020_all_teams_indexes';
import { migration as reconResults } from './0021_recon_results';
import { migration as reconTrackingNumbers } from './0022_recon_tracking_numbers';
import { migration as reconResultsInPlace } from './0023_recon_results_in_place';
import { migration as changeLogs } from './0024_change_logs';
import { migration as teamFiles } from './0025_team_files';
import { migration as cashierSales } from './0026_cashier_sales';
import { migration as dataScreenMenu } from './0027_data_screen_menu';
import { migration as goodsPosters } from './0029_goods_posters';
import { migration as goodsBatches } from './0028_goods_batches';

/**
 * Every migration in order. A landed migration is never edited: a change to the schema is a new
 * entry at the end.
 */
export const migrations: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ['0001_core', core],
  ['0002_business', business],
  ['0003_accounts', accounts],
  ['0004_notices', notices],
  ['0005_client_errors', clientErrors],
  ['0006_share_links', shareLinks],
  ['0007_chat', chat],
  ['0008_resources', resources],
  ['0009_screens', screens],
  ['0010_robot_rule_versions', robotRuleVersions],
  ['0011_quoting', quoting],
  ['0012_reconciliation', reconciliation],
  ['0013_recon_imports', reconImports],
  ['0014_quoting_indexes', quotingIndexes],
  ['0015_keyword_index', keywordIndex],
  ['0016_recon_menus', reconMenus],
  ['0017_login_rate_hits', loginRateHits],
  ['0018_quoting_board_category', quotingBoardCategory],
  ['0019_table_versions', tableVersions],
  ['0020_all_teams_indexes', allTeamsIndexes],
  ['0021_recon_results', reconResults],
  ['0022_recon_tracking_numbers', reconTrackingNumbers],
  ['0023_recon_results_in_place', reconResultsInPlace],
  ['0024_change_logs', changeLogs],
  ['0025_team_files', teamFiles],
  ['0026_cashier_sales', cashierSales],
  ['0027_data_screen_menu', dataScreenMenu],
  ['0028_goods_batches', goodsBatches],
  ['0029_goods_posters', goodsPosters],
];
