-- A chat's summary and a consultation's notes were kept as vet visits, and reset the yearly
-- check-up: they are remote consultations (written by a PawPal vet, with the service's name).
UPDATE "pet_record" SET "kind" = 'remote_consult'
WHERE "kind" = 'vet_visit'
  AND "clinic" IN ('PawPal 24/7 emergency chat', 'PawPal video consultation')
  AND "created_by" IN (SELECT "id" FROM "user" WHERE "role" = 'staff');
