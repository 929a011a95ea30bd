import {
  caseCreateInput,
  caseIdInput,
  caseListInput,
  caseStatusInput,
  caseUpdateInput,
  communicationCreateInput,
  communicationUpdateInput,
  eventCreateInput,
  eventRangeInput,
  eventUpdateInput,
  idInput,
  legalClientsInput,
  partyCreateInput,
  partyUpdateInput,
  taskCreateInput,
  taskUpdateInput,
  timeEntryCreateInput,
  timeEntryUpdateInput,
} from "../../../../shared/legal/case";
import { router } from "../../../trpc/init";
import { legalProcedure } from "../access";
import { createCase, getAttorneys, getCase, getCaseStats, getCases, getLegalClients, setCaseStatus, updateCase } from "./cases";
import { createCommunication, getCommunications, updateCommunication } from "./communications";
import { createEvent, getEvents, updateEvent } from "./events";
import { createParty, deleteParty, getParties, updateParty } from "./parties";
import { createTask, getTasks, updateTask } from "./tasks";
import { createTimeEntry, deleteTimeEntry, getTimeEntries, updateTimeEntry } from "./time";

const view = legalProcedure("legal.view");
const create = legalProcedure("legal.create");
const update = legalProcedure("legal.update");
const remove = legalProcedure("legal.delete");

/** legalCase.* for cases, parties, events, tasks, time entries, communications and the statistics (helper 1). */
export const casesRouter = router({
  getCases: view.input(caseListInput).query(({ ctx, input }) => getCases(ctx, input)),
  getCaseStats: view.query(({ ctx }) => getCaseStats(ctx)),
  getCase: view.input(idInput).query(({ ctx, input }) => getCase(ctx, input.id)),
  createCase: create.input(caseCreateInput).mutation(({ ctx, input }) => createCase(ctx, input)),
  updateCase: update.input(caseUpdateInput).mutation(({ ctx, input }) => updateCase(ctx, input)),
  setCaseStatus: update.input(caseStatusInput).mutation(({ ctx, input }) => setCaseStatus(ctx, input)),
  getAttorneys: view.query(({ ctx }) => getAttorneys(ctx)),
  getLegalClients: view.input(legalClientsInput).query(({ ctx, input }) => getLegalClients(ctx, input)),

  getParties: view.input(caseIdInput).query(({ ctx, input }) => getParties(ctx, input.caseId)),
  createParty: update.input(partyCreateInput).mutation(({ ctx, input }) => createParty(ctx, input)),
  updateParty: update.input(partyUpdateInput).mutation(({ ctx, input }) => updateParty(ctx, input)),
  deleteParty: remove.input(idInput).mutation(({ ctx, input }) => deleteParty(ctx, input.id)),

  getEvents: view.input(eventRangeInput).query(({ ctx, input }) => getEvents(ctx, input)),
  createEvent: update.input(eventCreateInput).mutation(({ ctx, input }) => createEvent(ctx, input)),
  updateEvent: update.input(eventUpdateInput).mutation(({ ctx, input }) => updateEvent(ctx, input)),

  getTasks: view.input(caseIdInput).query(({ ctx, input }) => getTasks(ctx, input.caseId)),
  createTask: update.input(taskCreateInput).mutation(({ ctx, input }) => createTask(ctx, input)),
  updateTask: update.input(taskUpdateInput).mutation(({ ctx, input }) => updateTask(ctx, input)),

  getTimeEntries: view.input(caseIdInput).query(({ ctx, input }) => getTimeEntries(ctx, input.caseId)),
  createTimeEntry: update.input(timeEntryCreateInput).mutation(({ ctx, input }) => createTimeEntry(ctx, input)),
  updateTimeEntry: update.input(timeEntryUpdateInput).mutation(({ ctx, input }) => updateTimeEntry(ctx, input)),
  deleteTimeEntry: remove.input(idInput).mutation(({ ctx, input }) => deleteTimeEntry(ctx, input.id)),

  getCommunications: view.input(caseIdInput).query(({ ctx, input }) => getCommunications(ctx, input.caseId)),
  createCommunication: update.input(communicationCreateInput).mutation(({ ctx, input }) => createCommunication(ctx, input)),
  updateCommunication: update.input(communicationUpdateInput).mutation(({ ctx, input }) => updateCommunication(ctx, input)),
});
