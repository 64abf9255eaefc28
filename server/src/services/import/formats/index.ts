import type { ImportedTeam, ImportedUser } from "../../../domain/imported-user";
import { auth0Record } from "./auth0";
import { clerkRecord } from "./clerk";
import { firebaseRecord, type FirebaseScryptParameters } from "./firebase";
import { stackRecord } from "./stack";
import { supabaseRecord } from "./supabase";

export const FORMATS = ["stack", "supabase", "auth0", "clerk", "firebase"] as const;
export type FormatName = (typeof FORMATS)[number];

export function isFormatName(name: string): name is FormatName {
  return (FORMATS as readonly string[]).includes(name);
}

export type RecordParser = (value: unknown) => { user: ImportedUser } | { team: ImportedTeam };

export function recordParser(format: FormatName, options: { firebaseScrypt?: FirebaseScryptParameters }): RecordParser {
  switch (format) {
    case "stack":
      return stackRecord;
    case "supabase":
      return supabaseRecord;
    case "auth0":
      return auth0Record;
    case "clerk":
      return clerkRecord;
    case "firebase":
      return (value) => firebaseRecord(value, options.firebaseScrypt);
  }
}

export type { FirebaseScryptParameters };
