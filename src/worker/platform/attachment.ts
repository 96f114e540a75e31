/** A file the Worker makes for download (her data's ZIP, the roster's CSV, an Insights panel): never cached. */
export function attachmentResponse(body: ReadableStream<Uint8Array> | string, filename: string, contentType: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
