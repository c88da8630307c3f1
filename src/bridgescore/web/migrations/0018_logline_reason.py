# A log line keeps the director's reason in its own column, shown under Why (a late
# change's, pairs or teams); a line kept before keeps it in its detail, as it reads

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('bridgescore', '0017_entry_flags_messages'),
    ]

    operations = [
        migrations.AddField(
            model_name='logline',
            name='reason',
            field=models.CharField(blank=True, default='', help_text="why, as the director typed it (a late change's reason), shown under Why; a line kept before has it in its detail", max_length=300),
        ),
        migrations.AlterField(
            model_name='logline',
            name='detail',
            field=models.CharField(help_text="what happened, kept as messages with their values (read in the reader's language): a late change's effect and warnings fit", max_length=4000),
        ),
    ]
