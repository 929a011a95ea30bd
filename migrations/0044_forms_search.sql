CREATE INDEX "form_submissions_data_trgm_idx" ON "form_submissions" USING gin (("data"::text) gin_trgm_ops);--> statement-breakpoint
-- The submissions list's search (formSubmission.getAll): the ids of the newest `lim` submissions
-- of one form whose answers (data::text) match an ILIKE pattern, optionally of one status. Under
-- the RLS role ILIKE (not leakproof) cannot use the trigram index, so this runs as the definer,
-- scoped to the current tenant itself (app.tenant_id, never a parameter). The query is planned
-- with the actual pattern (EXECUTE): a common word walks the newest submissions and stops at
-- `lim`, a rare one comes from the trigram index.
CREATE OR REPLACE FUNCTION enzzo_form_submission_ids_matching(form uuid, pattern text, wanted_status text, lim integer) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public ROWS 50 AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    'SELECT id FROM form_submissions WHERE tenant_id = enzzo_current_tenant() AND form_id = %L::uuid AND (%L::text IS NULL OR status = %L::text) AND data::text ILIKE %L ORDER BY number DESC LIMIT %s',
    form, wanted_status, wanted_status, pattern, greatest(lim, 0));
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION enzzo_form_submission_ids_matching(uuid, text, text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION enzzo_form_submission_ids_matching(uuid, text, text, integer) TO enzzo_app;
