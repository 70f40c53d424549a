-- Every function is executable by anon on purpose only (issue 9). The local server's
-- bootstrap sets the same defaults before any migration; this makes hosted Supabase,
-- whose defaults grant EXECUTE on new public functions to anon, behave the same.
alter default privileges in schema public revoke execute on functions from anon;
-- PUBLIC (which anon belongs to) gets EXECUTE on every new function by PostgreSQL's global
-- default; only a default without a schema removes it.
alter default privileges revoke execute on functions from public;

-- The private schema is not exposed by the API. Its helpers run inside policies, views and
-- triggers as the calling role (normalize_profile calls normalize_website as the user), so the
-- API roles keep EXECUTE there, as they had it through PUBLIC.
grant execute on all functions in schema private to anon, authenticated, service_role;
alter default privileges in schema private grant execute on functions to anon, authenticated, service_role;

-- The public functions anon may call, each granted where it is created and restated here:
--   admin_invite_is_valid(text)  the sign-up page checks an invite code before sending it
--   pay_rates()                  the pricing page (20261123000200_pay_rates_and_pitches.sql)
-- The others (create_admin_invite, creator_metrics, brand_metrics, admin_metrics) are for
-- signed-in users only and revoke anon where they are created.
grant execute on function public.admin_invite_is_valid(text) to anon;
