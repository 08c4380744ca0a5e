// A small JSON file of records (the upload id of each file being uploaded, what a watch folder
// has uploaded), written whole after each change so a crash or kill -9 loses nothing it recorded.
import { readJson, writeJson } from './config.mjs';

export function jsonStore(file) {
  let data = readJson(file, {});
  return {
    file,
    get: (key) => data[key],
    set(key, value) {
      data[key] = value;
      writeJson(file, data);
    },
    delete(key) {
      if (!(key in data)) return;
      delete data[key];
      writeJson(file, data);
    },
    reload() {
      data = readJson(file, {});
    },
  };
}
