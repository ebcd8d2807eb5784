// A file of a package that the packaged app keeps outside its asar archive (electron-builder.yml
// asarUnpack): binaries a child process runs, and files a worker thread or a WebAssembly module reads by
// path. Inside the archive the path names `app.asar`; the file is in `app.asar.unpacked`. Unchanged
// when not packaged.
export function unpackedPath(path: string): string {
  return path.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
}
