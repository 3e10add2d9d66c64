//! The `don` command.

fn main() -> std::process::ExitCode {
    don::cli::main()
}
