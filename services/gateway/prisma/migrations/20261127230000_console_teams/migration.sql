-- Console teams: roles, two-factor sign-in, invitation codes, the mail outbox and the audit log.

-- AlterTable
ALTER TABLE "gateway"."console_users" ADD COLUMN     "role" TEXT NOT NULL DEFAULT 'owner',
ADD COLUMN     "totp_last_step" BIGINT,
ADD COLUMN     "totp_pending_secret" TEXT,
ADD COLUMN     "totp_secret" TEXT;

-- AlterTable
ALTER TABLE "gateway"."console_invitations" ADD COLUMN     "code_failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "code_hash" TEXT,
ADD COLUMN     "revoked_at" TIMESTAMPTZ(3),
ADD COLUMN     "role" TEXT NOT NULL DEFAULT 'viewer';

-- CreateTable
CREATE TABLE "gateway"."console_recovery_codes" (
    "user_id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "console_recovery_codes_pkey" PRIMARY KEY ("user_id","code_hash")
);

-- CreateTable
CREATE TABLE "gateway"."console_mail_outbox" (
    "id" BIGSERIAL NOT NULL,
    "to_address" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,

    CONSTRAINT "console_mail_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gateway"."audit_log" (
    "id" BIGSERIAL NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_email" TEXT,
    "action" TEXT NOT NULL,
    "target_type" TEXT,
    "target_id" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "ip" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- DropIndex
DROP INDEX "gateway"."console_users_email_key";

-- CreateIndex
CREATE INDEX "console_users_email_idx" ON "gateway"."console_users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "console_users_merchant_id_email_key" ON "gateway"."console_users"("merchant_id", "email");

-- CreateIndex
CREATE INDEX "console_mail_outbox_sent_at_id_idx" ON "gateway"."console_mail_outbox"("sent_at", "id");

-- CreateIndex
CREATE INDEX "audit_log_merchant_id_id_idx" ON "gateway"."audit_log"("merchant_id", "id");

-- CreateIndex
CREATE INDEX "audit_log_merchant_id_action_id_idx" ON "gateway"."audit_log"("merchant_id", "action", "id");

-- AddForeignKey
ALTER TABLE "gateway"."console_recovery_codes" ADD CONSTRAINT "console_recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "gateway"."console_users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written: roles are the three the console knows.
ALTER TABLE "gateway"."console_users" ADD CONSTRAINT "console_users_role_check" CHECK ("role" IN ('owner', 'developer', 'viewer'));
ALTER TABLE "gateway"."console_invitations" ADD CONSTRAINT "console_invitations_role_check" CHECK ("role" IN ('owner', 'developer', 'viewer'));

-- Hand-written: the audit log is append-only. UPDATE, DELETE and TRUNCATE are refused whoever asks.
-- The function bodies are E'' strings whose statement ends are written \073: prisma migrate deploy
-- splits a migration at every semicolon in its text, string and dollar quotes included.
CREATE FUNCTION "gateway"."audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN
  RAISE EXCEPTION ''the audit log is append-only: % refused'', TG_OP
    USING ERRCODE = ''insufficient_privilege'', TABLE = ''audit_log''\073
END';
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "gateway"."audit_log"
  FOR EACH ROW EXECUTE FUNCTION "gateway"."audit_log_append_only"();
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "gateway"."audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "gateway"."audit_log_append_only"();

-- Hand-written: a merchant with console users keeps at least one owner. Removing or demoting an
-- owner locks the merchant's row first, so two owners removing each other at once are serialised
-- and the second finds no other owner left (each statement here reads what is committed when it runs).
CREATE FUNCTION "gateway"."console_users_keep_an_owner"() RETURNS trigger LANGUAGE plpgsql
  AS E'BEGIN
  IF OLD.role = ''owner'' AND (TG_OP = ''DELETE'' OR NEW.role <> ''owner'') THEN
    PERFORM 1 FROM "gateway"."merchants" WHERE id = OLD.merchant_id FOR UPDATE\073
    IF NOT EXISTS (SELECT 1 FROM "gateway"."console_users"
                    WHERE merchant_id = OLD.merchant_id AND role = ''owner'' AND id <> OLD.id) THEN
      RAISE EXCEPTION ''merchant % would have no console owner left'', OLD.merchant_id
        USING ERRCODE = ''check_violation'', CONSTRAINT = ''console_users_keep_an_owner'', TABLE = ''console_users''\073
    END IF\073
  END IF\073
  IF TG_OP = ''DELETE'' THEN RETURN OLD\073 END IF\073
  RETURN NEW\073
END';
CREATE TRIGGER "console_users_keep_an_owner" AFTER UPDATE OF "role" OR DELETE ON "gateway"."console_users"
  FOR EACH ROW EXECUTE FUNCTION "gateway"."console_users_keep_an_owner"();
