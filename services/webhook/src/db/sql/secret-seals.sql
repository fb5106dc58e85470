/* @name EndpointsSealedOtherwise */
SELECT id, secret_ciphertext AS "secretCiphertext", previous_secrets AS "previousSecrets" FROM webhook.endpoints
 WHERE id > :afterId!
   AND (secret_ciphertext NOT LIKE :pattern!
        OR EXISTS (SELECT 1 FROM jsonb_array_elements(previous_secrets) p WHERE p->>'ciphertext' NOT LIKE :pattern!))
 ORDER BY id LIMIT :limit!;

/* @name ReplaceSealedSecrets */
UPDATE webhook.endpoints SET secret_ciphertext = :secretCiphertext!, previous_secrets = :previousSecrets!::jsonb
 WHERE id = :id! AND secret_ciphertext = :secretCiphertextBefore! AND previous_secrets = :previousSecretsBefore!::jsonb
RETURNING id;

/* @name CountSealedOtherwise */
SELECT count(*)::int AS "n!" FROM webhook.endpoints
 WHERE secret_ciphertext NOT LIKE :pattern!
    OR EXISTS (SELECT 1 FROM jsonb_array_elements(previous_secrets) p WHERE p->>'ciphertext' NOT LIKE :pattern!);
