-- Outbox messages carry live codes and links, so their subject and bodies are stored sealed
-- under the server secret. Rows written in clear before this are sealed at the next start.
ALTER TABLE email_outbox ADD COLUMN sealed boolean NOT NULL DEFAULT false;
