-- AlterTable
ALTER TABLE "gateway"."api_tokens" ADD COLUMN     "last_used_at" TIMESTAMPTZ(3),
ADD COLUMN     "name" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "gateway"."console_users" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "console_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gateway"."console_sessions" (
    "token_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "csrf_token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "console_sessions_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "gateway"."console_invitations" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "invited_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),

    CONSTRAINT "console_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gateway"."console_sign_in_attempts" (
    "id" BIGSERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "console_sign_in_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "console_users_email_key" ON "gateway"."console_users"("email");

-- CreateIndex
CREATE INDEX "console_users_merchant_id_idx" ON "gateway"."console_users"("merchant_id");

-- CreateIndex
CREATE INDEX "console_sessions_user_id_idx" ON "gateway"."console_sessions"("user_id");

-- CreateIndex
CREATE INDEX "console_sessions_expires_at_idx" ON "gateway"."console_sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "console_invitations_token_hash_key" ON "gateway"."console_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "console_invitations_merchant_id_created_at_idx" ON "gateway"."console_invitations"("merchant_id", "created_at");

-- CreateIndex
CREATE INDEX "console_sign_in_attempts_email_at_idx" ON "gateway"."console_sign_in_attempts"("email", "at");

-- CreateIndex
CREATE INDEX "console_sign_in_attempts_address_at_idx" ON "gateway"."console_sign_in_attempts"("address", "at");

-- AddForeignKey
ALTER TABLE "gateway"."console_users" ADD CONSTRAINT "console_users_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "gateway"."merchants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gateway"."console_sessions" ADD CONSTRAINT "console_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "gateway"."console_users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

