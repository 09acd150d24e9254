//! proof: see ARCHITECTURE.md.
