//! libFuzzer target: bytes as text through `drive::engine` (see tests/common/drive.rs).
#![no_main]

#[path = "../../tests/common/drive.rs"]
#[allow(dead_code)]
mod drive;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        drive::engine(text);
    }
});
