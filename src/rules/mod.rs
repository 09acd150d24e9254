//! rules: see ARCHITECTURE.md.
