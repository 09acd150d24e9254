//! engine: see ARCHITECTURE.md.
