-- The city a session was signed in from, when a GeoIP database that has cities is configured
-- (GEOIP_DATABASE): the sessions list answers it as Stack's `cityName`, beside the country.
ALTER TABLE sessions ADD COLUMN city_name text;
