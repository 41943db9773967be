CREATE TABLE "content_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"actor_id" uuid,
	"address" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_audit" ADD CONSTRAINT "content_audit_actor_id_staff_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_audit_entity_idx" ON "content_audit" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "content_audit_at_idx" ON "content_audit" USING btree ("at");--> statement-breakpoint
-- A content audit line, once written, is never changed or removed.
CREATE FUNCTION "content_audit_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'content_audit rows cannot be changed or removed' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "content_audit_no_update" BEFORE UPDATE OR DELETE ON "content_audit" FOR EACH ROW EXECUTE FUNCTION "content_audit_refuse_update"();--> statement-breakpoint
CREATE TRIGGER "content_audit_no_truncate" BEFORE TRUNCATE ON "content_audit" FOR EACH STATEMENT EXECUTE FUNCTION "content_audit_refuse_update"();
