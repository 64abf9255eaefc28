/** The shape of the server's ids (UUIDs): an id read from the address or a link is checked against it before it is asked for. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
