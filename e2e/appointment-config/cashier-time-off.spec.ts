import { expect, test } from "@playwright/test";
import { trpcMutation, trpcQuery } from "../catalog-helpers";
import { signIn, tenantUrl } from "../support";

/**
 * A cashier (appointments.view and .update, not .configure) reads Ramón's schedule, requests a
 * training day (it stays pending: no approve button, no schedule editing); the owner approves it.
 */
/** A training day about three months ahead (yyyy-MM-dd). */
const trainingDay = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10);

test("a cashier requests time off and the owner approves it", async ({ browser }) => {
  const cashierContext = await browser.newContext();
  const cashier = await cashierContext.newPage();
  await signIn(cashier, "cashier@demo.test");
  await cashier.goto(tenantUrl("/home/appointments/schedules"));
  await cashier.locator("#schedule-employee").selectOption({ label: "Ramón Peña" });
  await expect(cashier.getByTestId("schedule-row")).toHaveCount(1);
  await expect(cashier.getByTestId("new-schedule")).toHaveCount(0);
  await expect(cashier.getByTestId("edit-schedule")).toHaveCount(0);

  await cashier.getByTestId("new-time-off").click();
  const sheet = cashier.getByTestId("time-off-sheet");
  await expect(sheet).toContainText("La solicitud queda pendiente hasta que un administrador la apruebe.");
  await expect(sheet.locator("#time-off-approve")).toHaveCount(0);
  await sheet.locator("#time-off-type").selectOption("training");
  await sheet.locator("#time-off-start-date").fill(trainingDay);
  await sheet.locator("#time-off-end-date").fill(trainingDay);
  await sheet.locator("#time-off-start-time").fill("14:00");
  await sheet.locator("#time-off-end-time").fill("16:00");
  await sheet.locator("#time-off-reason").fill("Curso de repostería");
  await sheet.getByTestId("save-time-off").click();
  await expect(sheet).toBeHidden();
  const training = cashier.getByTestId("time-off-row").filter({ hasText: "Curso de repostería" });
  await expect(training.getByTestId("time-off-status")).toHaveText("Pendiente");
  await expect(training).toContainText("Capacitación");
  await expect(training).toContainText("14:00–16:00");
  await expect(training.getByTestId("approve-time-off")).toHaveCount(0);
  await cashierContext.close();

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, "owner@demo.test");
  await owner.goto(tenantUrl("/home/appointments/schedules"));
  await owner.locator("#schedule-employee").selectOption({ label: "Ramón Peña" });
  await owner.getByTestId("time-off-status-filter").selectOption("pending");
  const pending = owner.getByTestId("time-off-row").filter({ hasText: "Curso de repostería" });
  await expect(pending.getByTestId("time-off-status")).toHaveText("Pendiente");
  await pending.getByTestId("approve-time-off").click();
  // approved, it leaves the 'pending' filter and shows under 'approved'
  await expect(pending).toHaveCount(0);
  await owner.getByTestId("time-off-status-filter").selectOption("approved");
  await expect(owner.getByTestId("time-off-row").filter({ hasText: "Curso de repostería" }).getByTestId("time-off-status")).toHaveText("Aprobado");
  await owner.reload();
  await expect(owner.getByTestId("time-off-row").filter({ hasText: "Curso de repostería" }).getByTestId("time-off-status")).toHaveText("Aprobado");
  // Later flows book against Ramón's time: the training day goes again.
  for (const t of await trpcQuery<{ id: string; reason: string | null }[]>(owner, "appointment.getTimeOff", {})) {
    if (t.reason === "Curso de repostería") await trpcMutation(owner, "appointment.deleteTimeOff", { id: t.id });
  }
  await ownerContext.close();
});
