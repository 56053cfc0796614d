import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppContext, CurrentUser } from '../context';
import type { EntityDocument } from '../../core/document/types';
import type { ImportBatch } from '../../core/import-jobs/model';
import { BizError } from '../http/envelope';
import { DbScope } from '../db/scope';
import { insertPrepared, prepareAll } from '../crud/write';
import type { ImportColumn, ImportedRow } from '../excel/import';
import type { ReadSheet } from '../excel/read-off-thread';

/**
 * Imports of a master with its detail sheets (crud/excel-details.ts lays them out): each master
 * row and the detail rows naming it are one unit, validated with the form's validators and written
 * whole or not at all. Units go in batches, each batch one transaction in which every unit is
 * tried; a unit that fails is reported and the batch is tried again without it (its savepoint rolled
 * back), so the batch commits only units that passed completely. Set-wise validation per batch
 * (one dictionary and unique query per column) costs less than a transaction per master would.
 */

type Row = Record<string, unknown>;

/** how a detail sheet is read and linked to its masters */
export interface DetailPlan {
  doc: EntityDocument;
  /** the sheet's name */
  sheet: string;
  foreignKey: string;
  /** the link column (key in the read values, its title) and the master field whose text it repeats */
  link: { key: string; title: string; masterKey: string };
  columns: ImportColumn[];
  toRecords(rows: Record<string, string>[]): Promise<Row[]>;
}

/** a line of the error report, sorted by sheet (the master's first) and row */
export interface RowError {
  sheet: number;
  row: number;
  text: string;
}

interface DetailRow {
  plan: DetailPlan;
  /** the detail plan's index + 1: the sheet's place in the report */
  sheet: number;
  row: ImportedRow;
}

/** a master row with its detail rows, or the reason it cannot be linked */
export interface Unit {
  master: ImportedRow;
  details: DetailRow[];
  refused?: string;
}

/** the detail sheets of a read workbook that hold rows, each checked for the user's add grant */
export function detailSheets(details: DetailPlan[], read: ReadSheet, user: CurrentUser): DetailRow[] {
  const rows: DetailRow[] = [];
  details.forEach((plan, i) => {
    const sheet = read.sheets.find((s) => s.name === plan.sheet);
    if (!sheet?.rows.length) return;
    if (!user.codes.has(`${plan.doc.permission}add`))
      throw new BizError(
        `没有新增${plan.doc.title}的权限，不能导入工作表“${plan.sheet}”：请删除该工作表后再导入`,
      );
    for (const row of sheet.rows) rows.push({ plan, sheet: i + 1, row });
  });
  return rows;
}

/**
 * Links detail rows to master rows by the link column, batch by batch of master rows: `take` gives a
 * batch's units; `orphans` afterwards the detail rows no master row named (or that named none).
 */
export class Linker {
  private byLink = new Map<string, DetailRow[]>();
  private seen = new Set<string>();
  private unnamed: DetailRow[] = [];

  constructor(
    private readonly masterKey: string,
    details: DetailRow[],
  ) {
    for (const d of details) {
      const link = d.row.values[d.plan.link.key];
      if (!link) this.unnamed.push(d);
      else this.byLink.set(link, [...(this.byLink.get(link) ?? []), d]);
    }
  }

  take(rows: ImportedRow[]): Unit[] {
    return rows.map((master) => {
      const link = master.values[this.masterKey];
      if (!link) return { master, details: [] };
      // a second master row with the same identifying value: its details could belong to either
      if (this.seen.has(link)) return { master, details: [], refused: `“${link}”在工作表中重复出现` };
      this.seen.add(link);
      const details = this.byLink.get(link) ?? [];
      this.byLink.delete(link);
      return { master, details };
    });
  }

  orphans(masterTitle: string): RowError[] {
    const errors = this.unnamed.map((d) =>
      rowError(d.sheet, d.plan.sheet, d.row, `未填写${d.plan.link.title}`),
    );
    for (const [link, rows] of this.byLink)
      for (const d of rows)
        errors.push(
          rowError(d.sheet, d.plan.sheet, d.row, `${d.plan.link.title}“${link}”不在${masterTitle}工作表中`),
        );
    return errors;
  }
}

function rowError(sheet: number, sheetName: string, row: ImportedRow, message: string): RowError {
  return { sheet, row: row.rowNumber, text: `${sheetName} 第 ${row.rowNumber} 行：${message}` };
}

/** master units in batches of about `size` rows, details counted: a big master is a batch of its own */
export function* unitBatches(units: Unit[], size: number): Generator<Unit[]> {
  let batch: Unit[] = [];
  let rows = 0;
  for (const u of units) {
    if (batch.length && rows + 1 + u.details.length > size) {
      yield batch;
      batch = [];
      rows = 0;
    }
    batch.push(u);
    rows += 1 + u.details.length;
  }
  if (batch.length) yield batch;
}

/** thrown inside an attempt to roll its savepoint back */
class Failed extends Error {}

export interface UnitPlan {
  doc: EntityDocument;
  toRecords(rows: Record<string, string>[]): Promise<Row[]>;
  details: DetailPlan[];
}

/** the units' cells as field values (dictionary texts to values, dates parsed), each master and detail row */
interface Records {
  masters: Map<Unit, Row>;
  details: Map<DetailRow, Row>;
}

/** converts the units' cells once: every try of the batch validates the same values */
async function unitRecords(plan: UnitPlan, units: Unit[]): Promise<Records> {
  const masters = await plan.toRecords(units.map((u) => u.master.values));
  const details = new Map<DetailRow, Row>();
  for (const d of plan.details) {
    const rows = units.flatMap((u) => u.details.filter((r) => r.plan === d));
    if (!rows.length) continue;
    const values = await d.toRecords(
      rows.map((r) => {
        const { [d.link.key]: _link, ...cells } = r.row.values;
        return cells;
      }),
    );
    rows.forEach((r, i) => details.set(r, values[i]));
  }
  return { masters: new Map(units.map((u, i) => [u, masters[i]])), details };
}

/**
 * One try of the units in a savepoint: masters validated together and inserted, then each
 * sub-table's rows (now naming their masters' new ids, which their validators check) validated
 * together and inserted. Answers the units that failed, with their report lines; when any failed,
 * nothing of the try is kept.
 */
async function attempt(
  ctx: AppContext,
  plan: UnitPlan,
  user: CurrentUser,
  units: Unit[],
  records: Records,
): Promise<Map<Unit, RowError[]>> {
  const failures = new Map<Unit, RowError[]>();
  const fail = (u: Unit, e: RowError) => failures.set(u, [...(failures.get(u) ?? []), e]);
  const master = plan.doc.title;
  try {
    await ctx.db.transaction().execute(async () => {
      const prepared = await prepareAll(
        ctx,
        plan.doc,
        units.map((u) => ({ input: records.masters.get(u)!, existing: null })),
        new Set(),
        user,
      );
      prepared.forEach((p, i) => {
        if (p.errors.length)
          fail(units[i], rowError(0, master, units[i].master, p.errors.map((e) => e.message).join('；')));
      });
      const valid = units.flatMap((u, i) => (failures.has(u) ? [] : [{ u, p: prepared[i] }]));
      const ids = new Map<Unit, string>();
      (
        await insertPrepared(
          ctx,
          plan.doc,
          valid.map((v) => v.p),
          user,
        )
      ).forEach((o, k) => {
        if (o instanceof BizError) fail(valid[k].u, rowError(0, master, valid[k].u.master, o.message));
        else ids.set(valid[k].u, o);
      });
      const inserts: { plan: DetailPlan; rows: { u: Unit; r: DetailRow; values: Row; input: Row }[] }[] = [];
      for (const d of plan.details) {
        const rows = [...ids].flatMap(([u, id]) =>
          u.details.filter((r) => r.plan === d).map((r) => ({ u, r, id })),
        );
        if (!rows.length) continue;
        const checked = await prepareAll(
          ctx,
          d.doc,
          rows.map(({ r, id }) => ({
            input: { ...records.details.get(r)!, [d.foreignKey]: id },
            existing: null,
          })),
        );
        const ok: { u: Unit; r: DetailRow; values: Row; input: Row }[] = [];
        checked.forEach((p, i) => {
          const { u, r } = rows[i];
          if (p.errors.length)
            fail(u, rowError(r.sheet, d.sheet, r.row, p.errors.map((e) => e.message).join('；')));
          else ok.push({ u, r, values: p.values, input: p.input });
        });
        inserts.push({ plan: d, rows: ok });
      }
      if (failures.size) throw new Failed();
      for (const { plan: d, rows } of inserts)
        (await insertPrepared(ctx, d.doc, rows, user)).forEach((o, i) => {
          const { u, r } = rows[i];
          if (o instanceof BizError) fail(u, rowError(r.sheet, d.sheet, r.row, o.message));
        });
      if (failures.size) throw new Failed();
    });
  } catch (e) {
    if (!(e instanceof Failed)) throw e;
  }
  return failures;
}

/** the report lines of a unit left out: its own, and its master's saying the whole unit stayed out */
function unitErrors(plan: UnitPlan, u: Unit, own: RowError[]): RowError[] {
  const details = u.details.length ? `，其 ${u.details.length} 行明细一并未导入` : '';
  const masterOwn = own.filter((e) => e.sheet === 0 && e.row === u.master.rowNumber);
  const rest = own.filter((e) => !masterOwn.includes(e));
  const master = masterOwn.length
    ? masterOwn.map((e) => ({ ...e, text: e.text + details }))
    : [rowError(0, plan.doc.title, u.master, `明细有错误，本行${details ? '及其明细' : ''}未导入`)];
  return [...master, ...rest];
}

/**
 * Writes a batch of units in one transaction with the job's account of it: tries the units, drops
 * those that failed and tries the rest again, until a try keeps every unit it holds (each retry
 * has fewer units, so this ends). A failure of the transaction itself lands nothing of the batch.
 */
export async function writeUnits(
  ctx: AppContext,
  plan: UnitPlan,
  user: CurrentUser,
  jobId: string,
  units: Unit[],
  batchFailure: (e: unknown) => string,
): Promise<{ landed: number; errors: RowError[] }> {
  const errors: RowError[] = [];
  let live: Unit[] = [];
  for (const u of units) {
    if (u.refused) errors.push(...unitErrors(plan, u, [rowError(0, plan.doc.title, u.master, u.refused)]));
    else live.push(u);
  }
  const rows = units.reduce((n, u) => n + 1 + u.details.length, 0);
  const batch: ImportBatch = {
    first: units[0].master.rowNumber,
    last: units[units.length - 1].master.rowNumber,
    landed: 0,
    failed: rows,
    committed: true,
  };
  const scope = new DbScope(user.id, true);
  try {
    await scope.run(async () => {
      const records = await unitRecords(plan, live);
      while (live.length) {
        const failures = await attempt(ctx, plan, user, live, records);
        if (!failures.size) break;
        for (const [u, own] of failures) errors.push(...unitErrors(plan, u, own));
        live = live.filter((u) => !failures.has(u));
      }
      batch.landed = live.reduce((n, u) => n + 1 + u.details.length, 0);
      batch.failed = rows - batch.landed;
      await ctx.imports.addBatch(ctx.db, jobId, batch);
    });
    await scope.finish(true);
  } catch (e) {
    await scope.finish(false).catch(() => undefined);
    ctx.log.warn({ err: e, doc: plan.doc.code, jobId }, 'import: a batch rolled back');
    const reason = batchFailure(e);
    Object.assign(batch, { landed: 0, failed: rows, committed: false, error: reason });
    await ctx.imports.addBatch(ctx.db, jobId, batch);
    for (const u of live)
      errors.push(
        rowError(
          0,
          plan.doc.title,
          u.master,
          `本批（第 ${batch.first}–${batch.last} 行）写入失败，整批未导入：${reason}`,
        ),
      );
  }
  return { landed: batch.landed, errors };
}

/**
 * The import of a workbook with detail rows: the master sheet's batches become units (each master
 * row with the detail rows naming it), written batch by batch; detail rows no master row names are
 * reported at the end, and their count goes to the job as a batch that landed nothing.
 */
export async function importUnits(
  ctx: AppContext,
  plan: UnitPlan,
  user: CurrentUser,
  jobId: string,
  read: ReadSheet,
  details: DetailRow[],
  opts: { batchRows: number; batchFailure: (e: unknown) => string },
): Promise<{ landed: number; errors: RowError[] }> {
  const linker = new Linker(details[0].plan.link.masterKey, details);
  let landed = 0;
  const errors: RowError[] = [];
  for (const rows of read.batches())
    for (const units of unitBatches(linker.take(rows), opts.batchRows)) {
      // as for a flat import (run.ts): let other requests in between batches
      await nextTurn();
      const result = await writeUnits(ctx, plan, user, jobId, units, opts.batchFailure);
      landed += result.landed;
      errors.push(...result.errors);
    }
  const orphans = linker.orphans(plan.doc.title);
  if (orphans.length) {
    errors.push(...orphans);
    await ctx.imports.addBatch(ctx.db, jobId, {
      first: 0,
      last: 0,
      landed: 0,
      failed: orphans.length,
      committed: false,
      error: `明细行未对应${plan.doc.title}工作表中的记录`,
    });
  }
  return { landed, errors };
}
