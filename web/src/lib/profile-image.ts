/**
 * Turns a picked image file into a data URL the server accepts for a profile image (SPEC §3,
 * §9: under 100 KB, at most 10^6 characters). Pictures straight from a camera are megabytes,
 * so every image is drawn again at most 256 pixels on its longer side; one that is still too
 * large is refused with a message rather than sent to be refused.
 */
import { t } from "@lingui/core/macro";

export const PROFILE_IMAGE_MAX_BYTES = 100 * 1024;
const MAX_SIDE = 256;
const ACCEPTED_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

export class ProfileImageProblem extends Error {}

export async function profileImageDataUrl(file: File): Promise<string> {
  if (!ACCEPTED_TYPES.includes(file.type)) throw new ProfileImageProblem(t`Choose a PNG, JPEG, WebP or GIF image.`);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ProfileImageProblem(t`This file could not be read as an image.`);
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  // WebP keeps transparency and is small; a browser without a WebP encoder falls back to PNG.
  const dataUrl = canvas.toDataURL("image/webp", 0.9);
  if (dataUrlBytes(dataUrl) >= PROFILE_IMAGE_MAX_BYTES)
    throw new ProfileImageProblem(t`This image is too large even when made smaller: choose one under 100 KB.`);
  return dataUrl;
}

function dataUrlBytes(dataUrl: string): number {
  const payload = dataUrl.slice(dataUrl.indexOf(",") + 1);
  return Math.floor((payload.length * 3) / 4);
}
