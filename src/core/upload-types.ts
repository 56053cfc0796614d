/**
 * The files an upload accepts (images jpg, jpeg, png; documents wps, xls, xlsx, pdf, doc,
 * docx, ppt, pptx; video mp4; audio wav, mpeg). One list for the browser (accept, the check before
 * sending) and the server (the check of the bytes, the type it serves them with).
 */
export interface UploadKind {
  ext: string;
  mime: string;
  /** shown in the browser rather than downloaded (images and PDF; never HTML or SVG) */
  inline: boolean;
  /** the first bytes of such a file */
  magic: (b: Uint8Array) => boolean;
}

const starts =
  (...bytes: number[]) =>
  (b: Uint8Array) =>
    bytes.every((x, i) => b[i] === x);
const ascii = (b: Uint8Array, at: number, text: string) =>
  [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

const PNG = starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = starts(0xff, 0xd8, 0xff);
const PDF = (b: Uint8Array) => ascii(b, 0, '%PDF-');
/** Office 97-2003 and WPS documents are OLE compound files */
const OLE = starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
/** Office Open XML documents are zip archives */
const ZIP = starts(0x50, 0x4b, 0x03, 0x04);
const MP4 = (b: Uint8Array) => ascii(b, 4, 'ftyp');
const WAV = (b: Uint8Array) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE');
/** an ID3 tag or an MPEG audio frame header */
const MP3 = (b: Uint8Array) => ascii(b, 0, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);

const UPLOAD_KINDS: readonly UploadKind[] = [
  { ext: 'jpg', mime: 'image/jpeg', inline: true, magic: JPEG },
  { ext: 'jpeg', mime: 'image/jpeg', inline: true, magic: JPEG },
  { ext: 'png', mime: 'image/png', inline: true, magic: PNG },
  { ext: 'wps', mime: 'application/vnd.ms-works', inline: false, magic: OLE },
  { ext: 'xls', mime: 'application/vnd.ms-excel', inline: false, magic: OLE },
  {
    ext: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    inline: false,
    magic: ZIP,
  },
  { ext: 'pdf', mime: 'application/pdf', inline: true, magic: PDF },
  { ext: 'doc', mime: 'application/msword', inline: false, magic: OLE },
  {
    ext: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    inline: false,
    magic: ZIP,
  },
  { ext: 'ppt', mime: 'application/vnd.ms-powerpoint', inline: false, magic: OLE },
  {
    ext: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    inline: false,
    magic: ZIP,
  },
  { ext: 'mp4', mime: 'video/mp4', inline: false, magic: MP4 },
  { ext: 'wav', mime: 'audio/wav', inline: false, magic: WAV },
  { ext: 'mp3', mime: 'audio/mpeg', inline: false, magic: MP3 },
];

export const IMAGE_EXTS = ['jpg', 'jpeg', 'png'];

/** the allowed extensions as the spec's message lists them */
export const UPLOAD_TYPES_TEXT = UPLOAD_KINDS.map((k) => k.ext).join(',');

/**
 * The kind of a file by its name's extension, or null when it is not allowed. Given its bytes, also
 * null when they are not of that kind (a page or a script renamed .png).
 */
export function fileKind(fileName: string, data?: Uint8Array): UploadKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const kind = UPLOAD_KINDS.find((k) => k.ext === ext) ?? null;
  if (!kind || (data && !kind.magic(data))) return null;
  return kind;
}
