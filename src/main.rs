fn main() {
    std::process::exit(onag::cli::main());
}
