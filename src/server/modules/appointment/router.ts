import { router } from "../../trpc/init";
import { appointmentConfigProcedures } from "./config/procedures";

/** appointment.*: booking, availability, payments, calendar (issue 15). */
export const appointmentRouter = router({
  ...appointmentConfigProcedures,
});
