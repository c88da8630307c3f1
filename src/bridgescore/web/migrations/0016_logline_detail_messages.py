# A log line keeps its detail as messages with their values (a late change's effect and
# warnings, and the reason), read later in the reader's language: up to 4000 characters

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('bridgescore', '0015_penalty_team_name'),
    ]

    operations = [
        migrations.AlterField(
            model_name='logline',
            name='detail',
            field=models.CharField(help_text="what happened, kept as messages with their values (read in the reader's language): a late change's effect and warnings with the director's reason fit", max_length=4000),
        ),
    ]
