/**
 * The data provider's interface: every read and write of a resource, one params object per call
 * (resource, pagination, sorters, typed filters that nest with and/or, meta), in the shape of
 * refine's data provider. The engine implements it (src/engine/data-provider.ts) and hands it to
 * the engine's renderers and to widgets alike, so no widget or renderer ever builds a resource URL.
 */
import type { TimelineRow } from '../../contract/api/resources';
import type { Filter, HistoryEntry, ImportReport, ListPage, ResourceDefinition, ResourceRecord, Sort } from '../../contract/resource';
import type { Choice } from './choices';
import type { DashboardData } from './dashboard-data';
import type { QuotingData } from './quoting-data';
import type { GoodsData } from './goods-data';
import type { FilesData } from './files-data';
import type { ReconciliationData } from './reconciliation-data';

/** A condition on one field, as the server filters (contract/resource.ts Filter). */
export type FieldFilter = Filter;

/** Conditions joined by `and` or `or`; groups nest. */
export interface FilterGroup {
  operator: 'and' | 'or';
  value: CrudFilter[];
}

export type CrudFilter = FieldFilter | FilterGroup;

export interface Pagination {
  /** 1-based; the first when not given. */
  page?: number;
  pageSize: number;
}

/** What a call may carry besides its subject: a silent call shows no error of its own to the user. */
export interface CallMeta {
  silent?: boolean;
}

interface ResourceParams {
  resource: string;
  meta?: CallMeta;
}

export interface GetListParams extends ResourceParams {
  pagination?: Pagination;
  sorters?: Sort[];
  filters?: CrudFilter[];
  /** The list's search box: matched against the resource's searchable fields. */
  keyword?: string;
}

export interface GetOneParams extends ResourceParams {
  id: number;
}

export interface CreateParams extends ResourceParams {
  values: Record<string, unknown>;
}

export interface UpdateParams extends ResourceParams {
  id: number;
  /** The version the editor read: a record changed since is refused with 409. */
  version: number;
  values: Record<string, unknown>;
}

export interface DeleteOneParams extends ResourceParams {
  id: number;
  version?: number;
}

export interface DeleteManyParams extends ResourceParams {
  ids: number[];
}

export interface ExportParams extends Omit<GetListParams, 'pagination'> {
  format: 'csv' | 'xlsx';
  /** The name the saved file gets. */
  filename: string;
}

export interface ImportParams extends ResourceParams {
  file: File;
}

/** A figure over a resource's rows (sum, count…) grouped by fields: the dashboards' read. */
export interface AggregateParams extends ResourceParams {
  filters?: CrudFilter[];
  groupBy?: string[];
  measures: { field: string; fn: 'count' | 'sum' | 'avg' | 'min' | 'max' }[];
}

export interface AggregateRow {
  [key: string]: string | number | null;
}

/** A workflow step taken on one record (quoting's accept, decline…): POST …/:id/actions/:action. */
export interface ActionParams extends ResourceParams {
  id: number;
  action: string;
  /** The version the caller read: a record changed since is refused with 409. */
  version?: number;
  /** What the transition declares it takes (its `params`): a reason, a colleague, a new price. */
  params?: Record<string, unknown>;
}

/** The choices of a transition's param scoped to the record's team (TransitionParam `choices`). */
export interface TransitionChoicesParams extends ResourceParams {
  id: number;
  action: string;
  param: string;
  /** Only choices whose label holds it. */
  keyword?: string;
}

/** The teams whose rows of a team-scoped resource the caller may read (a list's 所属团队 filter). */
export interface RowTeamsParams extends ResourceParams {
  /** Only teams whose name holds it. */
  keyword?: string;
}

export interface DataProvider {
  getList(params: GetListParams): Promise<ListPage>;
  getOne(params: GetOneParams): Promise<ResourceRecord>;
  getDefinition(params: ResourceParams): Promise<ResourceDefinition>;
  create(params: CreateParams): Promise<ResourceRecord>;
  update(params: UpdateParams): Promise<ResourceRecord>;
  deleteOne(params: DeleteOneParams): Promise<void>;
  deleteMany(params: DeleteManyParams): Promise<void>;
  history(params: GetOneParams): Promise<HistoryEntry[]>;
  /** Saves the rows the params select as a file, with the user's credentials. */
  export(params: ExportParams): Promise<void>;
  /** Checks every row of a file and answers what an import would write, writing nothing. */
  importPreview(params: ImportParams): Promise<ImportReport>;
  import(params: ImportParams): Promise<ImportReport>;
  aggregate(params: AggregateParams): Promise<AggregateRow[]>;
  action(params: ActionParams): Promise<ResourceRecord>;
  transitionChoices(params: TransitionChoicesParams): Promise<Choice[]>;
  /** Listed by the server under the rows' visibility, though the caller may not list teams. */
  rowTeams(params: RowTeamsParams): Promise<Choice[]>;
  /** A record's workflow timeline (each transition: who, when, from → to), oldest first. */
  timeline(params: GetOneParams): Promise<TimelineRow[]>;
  /** Reconciliation's own API: platform files in, matching, the summary, the differences. */
  reconciliation: ReconciliationData;
  /** Quoting's own API: the ask page behind a notice, a rule's preview. */
  quoting: QuotingData;
  /** The dashboard's reads: 首页's figures, 工作台's to-dos. */
  dashboard: DashboardData;
  /** The goods area's own API: 商品统计's figures. */
  goods: GoodsData;
  /** 文件管理: a team's folders and files. */
  files: FilesData;
  /**
   * Reads a list page ahead of the list that will show it (a menu click). The list that reads the
   * same params takes this answer instead of asking again; see takeAhead. Answers the page.
   */
  prefetchList(params: GetListParams): Promise<ListPage>;
  /**
   * The page read ahead for these params, once arrived, without taking it (a list's first render
   * draws it); `take` removes it, so it is read once.
   */
  aheadOf(params: GetListParams, take?: boolean): ListPage | undefined;
  /** The answer read ahead for these params, taken (so it serves one read), or undefined. */
  takeAhead(params: GetListParams): Promise<ListPage> | undefined;
}
