import { z } from "zod";
import {
  accountInput,
  accountUpdateInput,
  cancelEntryInput,
  closePeriodInput,
  journalEntryCreateInput,
  journalEntryListInput,
  journalEntryUpdateInput,
  ledgerInput,
  reopenPeriodInput,
  statementInput,
  taxInput,
  taxUpdateInput,
  updateMappingsInput,
  yearInput,
} from "../../../shared/accounting/rules";
import { businessDate } from "../../../shared/platform/dates";
import { protectedProcedure, requirePermission, router } from "../../trpc/init";
import { postMissing, postOpeningInventory } from "./documents";
import { rebuildCheck } from "./rebuild";
import {
  cancelEntry,
  closePeriod,
  createAccount,
  createEntry,
  createTax,
  createYear,
  deleteEntry,
  findAccounts,
  findEntries,
  findPeriods,
  findTaxes,
  getEntry,
  getMappings,
  getStatus,
  initialize,
  manualNumber,
  postEntry,
  reopenPeriod,
  updateAccount,
  updateEntry,
  updateMappings,
  updateTax,
} from "./service";
import { accountDetail, balanceSheet, cashFlow, generalBalance, incomeStatement, trialBalance } from "./statements";

const view = protectedProcedure.use(requirePermission("accounting.view"));
const create = protectedProcedure.use(requirePermission("accounting.create"));
const update = protectedProcedure.use(requirePermission("accounting.update"));
const idInput = z.object({ id: z.uuid("accounting:errors.invalidId") });

/** accounting.*: setup (initialize, mapping), balances and statements, and the rebuild check (issue 14). */
export const accountingRouter = router({
  getStatus: view.query(({ ctx }) => getStatus(ctx)),
  /** Standard chart, this year's periods, default taxes and the mapping; once (then answers the status). */
  initialize: protectedProcedure
    .use(requirePermission("accounting.update"))
    .mutation(async ({ ctx }) => {
      await initialize(ctx);
      // The documents of the year so far get their entries (a business may start its books mid-year).
      const today = businessDate(new Date(), ctx.tenant.timezone);
      const from = `${today.slice(0, 4)}-01-01`;
      await postMissing(ctx.tx, ctx.tenant.id, ctx.user.id, { from, to: today });
      await postOpeningInventory(ctx.tx, ctx.tenant.id, ctx.user.id, from, () => manualNumber(ctx.tx, ctx.tenant.id));
      return getStatus(ctx);
    }),
  getMappings: view.query(({ ctx }) => getMappings(ctx)),
  updateMappings: update.input(updateMappingsInput).mutation(({ ctx, input }) => updateMappings(ctx, input)),
  getTrialBalance: view.input(statementInput).query(({ ctx, input }) => trialBalance(ctx, input)),
  getGeneralBalance: view.input(statementInput).query(({ ctx, input }) => generalBalance(ctx, input)),
  getAccountDetail: view.input(ledgerInput).query(({ ctx, input }) => accountDetail(ctx, input)),
  getIncomeStatement: view.input(statementInput).query(({ ctx, input }) => incomeStatement(ctx, input)),
  getBalanceSheet: view.input(statementInput).query(({ ctx, input }) => balanceSheet(ctx, input)),
  getCashFlow: view.input(statementInput).query(({ ctx, input }) => cashFlow(ctx, input)),
  /** The journal of a range rebuilt from its documents and compared with what was posted: the differences. */
  checkJournal: view.input(statementInput).query(({ ctx, input }) => rebuildCheck(ctx, input)),
});

/** account.*: the chart of accounts. Accounts are never deleted: deactivated. */
export const accountRouter = router({
  getAll: view.input(z.object({ includeInactive: z.boolean().default(false) }).prefault({})).query(({ ctx, input }) => findAccounts(ctx, input)),
  create: create.input(accountInput).mutation(({ ctx, input }) => createAccount(ctx, input)),
  update: update.input(accountUpdateInput).mutation(({ ctx, input }) => updateAccount(ctx, input)),
});

/** journalEntry.*: manual entries (draft, posted, cancelled) and the automatic ones, read-only. */
export const journalEntryRouter = router({
  getAll: view.input(journalEntryListInput.prefault({})).query(({ ctx, input }) => findEntries(ctx, input)),
  getById: view.input(idInput).query(({ ctx, input }) => getEntry(ctx, input.id)),
  create: create.input(journalEntryCreateInput).mutation(({ ctx, input }) => createEntry(ctx, input)),
  update: update.input(journalEntryUpdateInput).mutation(({ ctx, input }) => updateEntry(ctx, input)),
  post: update.input(idInput).mutation(({ ctx, input }) => postEntry(ctx, input.id)),
  cancel: update.input(cancelEntryInput).mutation(({ ctx, input }) => cancelEntry(ctx, input)),
  delete: update.input(idInput).mutation(({ ctx, input }) => deleteEntry(ctx, input.id)),
});

/** fiscalPeriod.*: months of the fiscal year; close (accounting.close_period), reopen (owner, with a reason). */
export const fiscalPeriodRouter = router({
  getAll: view.input(z.object({ year: yearInput.optional() }).prefault({})).query(({ ctx, input }) => findPeriods(ctx, input)),
  createYear: protectedProcedure
    .use(requirePermission("accounting.close_period"))
    .input(z.object({ year: yearInput }))
    .mutation(({ ctx, input }) => createYear(ctx, input.year)),
  close: protectedProcedure
    .use(requirePermission("accounting.close_period"))
    .input(closePeriodInput)
    .mutation(({ ctx, input }) => closePeriod(ctx, input.id)),
  reopen: protectedProcedure
    .use(requirePermission("accounting.close_period"))
    .input(reopenPeriodInput)
    .mutation(({ ctx, input }) => reopenPeriod(ctx, input)),
});

/** tax.*: ITBIS rates and withholdings with their accounts. */
export const taxRouter = router({
  getAll: view.query(({ ctx }) => findTaxes(ctx)),
  create: create.input(taxInput).mutation(({ ctx, input }) => createTax(ctx, input)),
  update: update.input(taxUpdateInput).mutation(({ ctx, input }) => updateTax(ctx, input)),
});
