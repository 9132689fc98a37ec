/// The team store's schema: named, append-only migrations. A migration is never edited once it
/// has shipped; a change is a new one. `TeamRunStore.migrate()` applies the missing ones in order,
/// in one transaction, under an advisory lock, so two machines migrating at once are safe.
enum TeamMigrations {
    /// The advisory lock key every migration holds ("SBTM" in ASCII).
    static let lockKey: Int64 = 0x5342_544D

    /// Each migration's name and statements, oldest first.
    static let all: [(name: String, statements: [String])] = [
        ("v1: runs, case results, inputs and daily counters", [
            """
            CREATE TABLE team_run (
                id text PRIMARY KEY,
                client text NOT NULL,
                started_at timestamptz NOT NULL,
                ended_at timestamptz,
                status text NOT NULL,
                client_commit text,
                branch text,
                stub_commit text,
                contract_hash text,
                contractkit_version text,
                machine text NOT NULL,
                machine_class text NOT NULL,
                total integer NOT NULL,
                passed integer NOT NULL,
                failed integer NOT NULL,
                errored integer NOT NULL,
                not_covered integer NOT NULL,
                content_hash text NOT NULL,
                pushed_at timestamptz NOT NULL DEFAULT now(),
                pinned boolean NOT NULL DEFAULT false
            )
            """,
            "CREATE INDEX team_run_client_started ON team_run (client, started_at)",
            "CREATE INDEX team_run_branch_started ON team_run (branch, started_at)",
            """
            CREATE TABLE team_case_result (
                run_id text NOT NULL REFERENCES team_run (id) ON DELETE CASCADE,
                case_id text NOT NULL,
                operation text NOT NULL,
                outcome text NOT NULL,
                failing_layer text,
                message text,
                fingerprint text,
                duration_ms double precision NOT NULL,
                requests integer NOT NULL,
                inputs_hash text NOT NULL,
                PRIMARY KEY (run_id, case_id)
            )
            """,
            "CREATE INDEX team_case_result_case ON team_case_result (case_id)",
            """
            CREATE TABLE team_inputs (
                inputs_hash text PRIMARY KEY,
                definition_hash text,
                client_commit text,
                stub_commit text,
                contract_hash text
            )
            """,
            """
            CREATE TABLE team_case_day (
                client text NOT NULL,
                case_id text NOT NULL,
                inputs_hash text NOT NULL,
                machine_class text NOT NULL,
                day date NOT NULL,
                passed integer NOT NULL,
                failed integer NOT NULL,
                PRIMARY KEY (client, case_id, inputs_hash, machine_class, day)
            )
            """,
            "CREATE INDEX team_case_day_day ON team_case_day (day)",
            """
            CREATE TABLE team_fingerprint_day (
                client text NOT NULL,
                case_id text NOT NULL,
                inputs_hash text NOT NULL,
                fingerprint text NOT NULL,
                day date NOT NULL,
                runs integer NOT NULL,
                PRIMARY KEY (client, case_id, inputs_hash, fingerprint, day)
            )
            """,
            "CREATE INDEX team_fingerprint_day_day ON team_fingerprint_day (day)",
        ]),
        ("v2: released app versions, and runs by client and stub commit", [
            """
            CREATE TABLE team_release (
                client text NOT NULL,
                client_commit text NOT NULL,
                recorded_at timestamptz NOT NULL DEFAULT now(),
                support_ended_at timestamptz,
                PRIMARY KEY (client, client_commit)
            )
            """,
            "CREATE INDEX team_run_release ON team_run (client, client_commit, stub_commit)",
        ]),
        ("v3: what each case used of the API, for compat --team", [
            "ALTER TABLE team_case_result ADD COLUMN uses text",
        ]),
    ]
}
